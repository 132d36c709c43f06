import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { refuse, success, type Outcome, type Refusal } from '../../platform/outcome.js';
import type { AccountScope, Principal, SecondFactor } from './second-factors.js';

/**
 * Passkeys (WebAuthn), the one owner of their rules (docs/accounts.md): what a browser is asked
 * to create or sign, the challenges it signs (five minutes, used once), and what an answer must
 * prove before a passkey is stored or opens a sign-in. A passkey is a `second_factors` row of
 * kind 'passkey', confirmed on registration.
 */

/** Who the passkeys are made for: one name, the site's host (both spaces share it), its origin. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export const relyingPartyOf = (siteUrl: string): RelyingParty => {
  const url = new URL(siteUrl);
  return { name: 'Annonces immobilières', id: url.hostname, origin: url.origin };
};

/** How long a browser has to answer a challenge (and the browser's own timeout). */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
export const PASSKEY_LABEL_MAX = 60;
/**
 * The signature algorithms a passkey may use, named rather than probed: the library's default
 * probes the runtime for post-quantum ones through an experimental Web Crypto call.
 */
const algorithms = async () => {
  const { COSEALG } = await helpers();
  return [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
};

/**
 * The WebAuthn library and its certificate parsers are loaded at the first passkey ceremony, not
 * when the process starts: about 5 MB of heap and 26 MB of a process's memory that a server taking
 * pushes, or a worker, never uses (docs/benchmarks.md, "Figures behind the code").
 */
const webauthn = () => import('@simplewebauthn/server');
const helpers = () => import('@simplewebauthn/server/helpers');
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The same words for every answer that does not prove a passkey: nothing says whether an account or a key exists. */
export const PASSKEY_NOT_RECOGNISED = 'Cette clé d’accès n’a pas été reconnue. Rien n’a été modifié.';
const notRecognised = (): Refusal => refuse('unauthorized', PASSKEY_NOT_RECOGNISED);
const challengeGone = (): Refusal => refuse('validation_error', 'La demande a expiré ou a déjà servi : recommencez. Rien n’a été modifié.');

/** The label the owner typed, trimmed; null when empty or too long. */
export function passkeyLabel(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const label = raw.trim().replace(/\s+/g, ' ');
  return label.length > 0 && label.length <= PASSKEY_LABEL_MAX ? label : null;
}

interface StoredPasskey {
  factorId: string;
  principalId: string;
  label: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

type PasskeyRow = {
  id: string;
  principal_id: string;
  label: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: string | number;
  transports: string | null;
};
const PASSKEY_COLUMNS = 'id, principal_id, label, credential_id, public_key, sign_count, transports';
const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  factorId: row.id,
  principalId: row.principal_id,
  label: row.label,
  credentialId: row.credential_id,
  publicKey: new Uint8Array(row.public_key),
  counter: Number(row.sign_count),
  transports: row.transports ? row.transports.split(',') : [],
});

async function passkeysOf(db: Queryable, principal: Principal): Promise<StoredPasskey[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${PASSKEY_COLUMNS} FROM second_factors
     WHERE scope = $1 AND principal_id = $2 AND kind = 'passkey' AND confirmed_at IS NOT NULL ORDER BY created_at, id`,
    [principal.scope, principal.id],
  );
  return rows.map(toPasskey);
}

async function passkeyByCredential(db: Queryable, scope: AccountScope, credentialId: string): Promise<StoredPasskey | null> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${PASSKEY_COLUMNS} FROM second_factors
     WHERE scope = $1 AND credential_id = $2 AND kind = 'passkey' AND confirmed_at IS NOT NULL`,
    [scope, credentialId],
  );
  return rows[0] ? toPasskey(rows[0]) : null;
}

type Purpose = 'register' | 'authenticate';

/** A WebAuthn challenge is answered within minutes or never: expired ones go (the hourly job `accounts.purge-challenges`). */
export async function purgeWebauthnChallenges(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at <= $1', [now]);
}

/** Keeps a challenge for five minutes, for one principal (null: a sign-in without a password). */
async function keepChallenge(
  db: Queryable,
  challenge: string,
  scope: AccountScope,
  principalId: string | null,
  purpose: Purpose,
  now: Date,
) {
  await db.query('INSERT INTO webauthn_challenges (challenge, scope, principal_id, purpose, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    challenge,
    scope,
    principalId,
    purpose,
    new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  ]);
}

/**
 * Takes the challenge an answer signed, once: the row goes whatever the verification then says,
 * so an answer is never tried twice. Another principal's, another space's, an expired or unknown
 * challenge gives null.
 */
async function takeChallenge(
  db: Queryable,
  clientDataJSON: string,
  scope: AccountScope,
  principalId: string | null,
  purpose: Purpose,
  now: Date,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse((await helpers()).isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length > 200) return null;
  const { rows } = await db.query<{ challenge: string }>(
    `DELETE FROM webauthn_challenges
     WHERE challenge = $1 AND scope = $2 AND purpose = $3 AND principal_id IS NOT DISTINCT FROM $4::text AND expires_at > $5
     RETURNING challenge`,
    [challenge, scope, purpose, principalId, now],
  );
  return rows[0]?.challenge ?? null;
}

/**
 * What the browser is asked to create: a discoverable passkey (so it can later sign in without a
 * password), the device's own check preferred, none of the account's passkeys again.
 */
export async function passkeyRegistrationOptions(
  db: Queryable,
  rp: RelyingParty,
  account: Principal & { email: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, account);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.email,
    userID: new TextEncoder().encode(account.id),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: await algorithms(),
  });
  await keepChallenge(db, options.challenge, account.scope, account.id, 'register', now);
  return options;
}

/** A passkey the browser proved it created, not yet stored. */
export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/** Checks a registration answer: its challenge (this principal's, live, used once), origin, site and signature. */
export async function verifyPasskeyRegistration(
  db: Queryable,
  rp: RelyingParty,
  principal: Principal,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<Outcome<NewPasskey>> {
  const challenge = await takeChallenge(db, response.response.clientDataJSON, principal.scope, principal.id, 'register', now);
  if (!challenge) return challengeGone();
  try {
    const verification = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: await algorithms(),
    });
    if (!verification.verified) return notRecognised();
    const { credential } = verification.registrationInfo;
    const transports = (response.response.transports ?? []).filter((transport) => TRANSPORTS.has(transport));
    return success({ credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports });
  } catch {
    return notRecognised();
  }
}

/** Stores a verified passkey as a confirmed factor of the principal; null when that credential is already stored. */
export async function storePasskey(
  db: Queryable,
  principal: Principal,
  passkey: NewPasskey,
  label: string,
  now: Date,
): Promise<SecondFactor | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO second_factors (id, scope, principal_id, kind, label, credential_id, public_key, sign_count, transports, confirmed_at, created_at)
     VALUES ($1, $2, $3, 'passkey', $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
    [
      newId('fac', now.getTime()),
      principal.scope,
      principal.id,
      label,
      passkey.credentialId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports.join(',') || null,
      now,
    ],
  );
  return rows[0] ? { id: rows[0].id, kind: 'passkey', label, createdAt: now, lastUsedAt: null } : null;
}

/**
 * What the browser is asked to sign. As a second factor: one of the principal's passkeys. Without
 * a password (no principal): any passkey the device holds for the site, unlocked by the device's
 * own check, since it then stands for both factors.
 */
export async function passkeyAuthenticationOptions(
  db: Queryable,
  rp: RelyingParty,
  scope: AccountScope,
  principal: Principal | null,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = principal ? await passkeysOf(db, principal) : null;
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CHALLENGE_LIFETIME_MS,
    userVerification: principal ? 'preferred' : 'required',
    ...(allowed ? { allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })) } : {}),
  });
  await keepChallenge(db, options.challenge, scope, principal?.id ?? null, 'authenticate', now);
  return options;
}

/** A passkey that signed its challenge: whose, and which. */
export interface UsedPasskey {
  principalId: string;
  factorId: string;
  label: string;
}

/**
 * Checks a signed challenge. The passkey must be of the space and, as a second factor, of the
 * principal; `mayUse` says whether its owner may still sign in (asked before anything changes).
 * A signature counter that went back (when counters are kept) is refused: a copy of the key
 * signed. On success the counter and the last use are stored.
 */
export async function verifyPasskeyAssertion(
  db: Queryable,
  rp: RelyingParty,
  who: { scope: AccountScope; principal: Principal | null; mayUse(principalId: string): Promise<boolean> },
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<Outcome<UsedPasskey>> {
  const challenge = await takeChallenge(db, response.response.clientDataJSON, who.scope, who.principal?.id ?? null, 'authenticate', now);
  if (!challenge) return challengeGone();
  const passkey = await passkeyByCredential(db, who.scope, response.id);
  if (!passkey || (who.principal && passkey.principalId !== who.principal.id)) return notRecognised();
  if (!(await who.mayUse(passkey.principalId))) return notRecognised();
  try {
    const { isoBase64URL, parseAuthenticatorData } = await helpers();
    const { counter } = parseAuthenticatorData(isoBase64URL.toBuffer(response.response.authenticatorData));
    if ((counter > 0 || passkey.counter > 0) && counter <= passkey.counter) return notRecognised();
    const verification = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: who.principal === null,
    });
    if (!verification.verified) return notRecognised();
    // Only from the counter read: of two answers racing with one counter, one wins.
    const { rowCount } = await db.query('UPDATE second_factors SET sign_count = $2, last_used_at = $3 WHERE id = $1 AND sign_count = $4', [
      passkey.factorId,
      verification.authenticationInfo.newCounter,
      now,
      passkey.counter,
    ]);
    if (!rowCount) return notRecognised();
    return success({ principalId: passkey.principalId, factorId: passkey.factorId, label: passkey.label });
  } catch {
    return notRecognised();
  }
}
