-- Accounts that keep intruders out and let their owners back in (docs/accounts.md): sessions a
-- user can see and end, one-time links mailed to an account, verified addresses, second factors
-- (TOTP, passkeys, recovery codes), known devices, and the agency an audit entry belongs to.

-- Sessions: a handle the sessions page names them by (never the cookie's secret), the stage of a
-- sign-in (a password given, a second factor awaited), and what the page shows of each.
ALTER TABLE sessions ADD COLUMN id text;
UPDATE sessions SET id = 'ses_' || substr(md5(token_hash), 1, 24);
ALTER TABLE sessions ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX sessions_id ON sessions (id);
ALTER TABLE sessions ADD COLUMN stage text NOT NULL DEFAULT 'full' CHECK (stage IN ('full', 'second_factor'));
ALTER TABLE sessions ADD COLUMN user_agent text;
-- The client's network (an IPv4 /24, an IPv6 /48), never its full address.
ALTER TABLE sessions ADD COLUMN network text;
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;

-- A user's address is proven by a link mailed to it. Accounts made before this change keep
-- working as they did: their addresses count as verified on the day they were made.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at;

-- An agency's admins may require a second factor of every member of the team.
ALTER TABLE agencies ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

-- Links mailed to an account, used once: a password reset, an address to verify, an address
-- change, the end of a session signed in from a new device. Only the token's hash is kept.
CREATE TABLE account_links (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'verify', 'email_change', 'end_session')),
  scope text NOT NULL CHECK (scope IN ('pro', 'admin')),
  principal_id text NOT NULL,
  -- The new address of an address change; the session's handle of an end_session link.
  detail text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_links_principal ON account_links (scope, principal_id, purpose);
CREATE INDEX account_links_expiry ON account_links (expires_at);

-- Invitations are mailed to an address, named on the team page, and can be revoked.
ALTER TABLE invitations ADD COLUMN id text;
UPDATE invitations SET id = 'inv_' || substr(md5(token_hash), 1, 24);
ALTER TABLE invitations ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX invitations_id ON invitations (id);
ALTER TABLE invitations ADD COLUMN email text;
ALTER TABLE invitations ADD COLUMN revoked_at timestamptz;

-- Second factors of pro users and operators: TOTP apps and passkeys.
CREATE TABLE second_factors (
  id text PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('pro', 'admin')),
  principal_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('totp', 'passkey')),
  -- What the owner called it ("Téléphone de Claire", "Clé USB").
  label text NOT NULL,
  -- TOTP: the shared secret (base32), which RFC 6238 needs in the clear to compute codes.
  totp_secret text,
  -- TOTP: the last time step accepted, so no code is accepted twice.
  totp_last_step bigint,
  -- Passkeys: the credential's id (base64url), public key, signature counter and transports.
  credential_id text UNIQUE,
  public_key bytea,
  sign_count bigint,
  transports text,
  -- A TOTP secret counts once its first code has been typed; a passkey on registration.
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX second_factors_principal ON second_factors (scope, principal_id);

-- Ten single-use codes for the day every factor is lost; only their hashes are kept.
CREATE TABLE recovery_codes (
  scope text NOT NULL CHECK (scope IN ('pro', 'admin')),
  principal_id text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (scope, principal_id, code_hash)
);

-- A WebAuthn challenge, answered once within five minutes.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('pro', 'admin')),
  -- Null for a sign-in without a password (the account is known from the passkey's answer).
  principal_id text,
  purpose text NOT NULL CHECK (purpose IN ('register', 'authenticate')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);

-- Browsers an account has signed in from (a device cookie's hash): a sign-in from any other
-- is mailed to the account's owner.
CREATE TABLE known_devices (
  scope text NOT NULL CHECK (scope IN ('pro', 'admin')),
  principal_id text NOT NULL,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (scope, principal_id, device_hash)
);

-- The audit log records pro users' account events too; those of an agency's members are shown
-- on its activity page.
ALTER TABLE operator_audit ADD COLUMN agency_id text;
CREATE INDEX operator_audit_agency ON operator_audit (agency_id, seq) WHERE agency_id IS NOT NULL;
