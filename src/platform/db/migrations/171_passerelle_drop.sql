-- The two ways a passerelle file reaches the service without an upload (docs/poliris.md): the
-- scheduled pull of the URL where the agency's software publishes it, and the SFTP drop.

-- One pull URL per agency and environment. `etag` and `last_modified` are the file's validators
-- as last imported, sent back as If-None-Match / If-Modified-Since. A failure streak starts at
-- `failing_since` and is mailed once (`failure_mailed_at`); a success ends it.
CREATE TABLE poliris_pulls (
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  url text NOT NULL,
  etag text,
  last_modified text,
  next_pull_at timestamptz NOT NULL,
  last_pull_at timestamptz,
  last_result text CHECK (last_result IN ('imported', 'not_modified', 'refused', 'failed')),
  last_detail text,
  last_import_id text,
  failing_since timestamptz,
  failure_mailed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (agency_id, env)
);
CREATE INDEX poliris_pulls_due ON poliris_pulls (next_pull_at);

-- SFTP logins: one user name per agency and environment, a password (scrypt) and/or public keys.
CREATE TABLE sftp_drop_accounts (
  user_name text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  password_hash text,
  password_set_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (agency_id, env)
);

-- Public keys of an SFTP login, in OpenSSH form; the fingerprint (SHA-256, base64url) names one.
CREATE TABLE sftp_drop_keys (
  user_name text NOT NULL REFERENCES sftp_drop_accounts (user_name) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  key_type text NOT NULL,
  public_key text NOT NULL,
  comment text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_name, fingerprint)
);

-- The SFTP server's host key, made by the first process that starts the drop: every process
-- serves the same one, so clients that pinned it keep trusting it.
CREATE TABLE sftp_host_key (
  id smallint PRIMARY KEY CHECK (id = 1),
  private_key text NOT NULL,
  created_at timestamptz NOT NULL
);
