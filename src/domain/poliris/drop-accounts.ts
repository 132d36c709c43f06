import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../platform/db/database.js';
import { refuse, success, type Outcome } from '../../platform/outcome.js';
import { checkSignIn, type SignInLimits } from '../credentials/sign-in.js';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from '../credentials/password.js';
import type { AgencyEnv } from '../tenant.js';

/**
 * The SFTP drop's logins (docs/operations.md, "SFTP drop"): one user name per agency and
 * environment, made from the agency's id, with a password (scrypt, the pro space's hashing) and
 * any number of public keys in OpenSSH form. A LIVE login works only while the agency may hold
 * LIVE keys (verified, not suspended), as a LIVE key would.
 */

/** At most this many public keys per login: enough for a few machines, not a key store. */
export const DROP_KEYS_MAX = 10;
const PUBLIC_KEY_MAX = 16_384;

/** Failed password logins, per client address and per user name, as the pro space's sign-in counts them. */
export const DROP_LOGIN_LIMITS: SignInLimits = {
  address: { action: 'sftp-login-ip', limit: 30, periodMs: 30 * 60_000 },
  account: { action: 'sftp-login-account', limit: 10, periodMs: 30 * 60_000 },
};

/** The login's user name: the agency's id in lower case (SFTP clients often fold it), `-test` for the sandbox. */
export const dropUserName = (tenant: AgencyEnv) => `${tenant.agencyId.toLowerCase()}${tenant.env === 'test' ? '-test' : ''}`;

export interface DropKey {
  fingerprint: string;
  keyType: string;
  comment: string | null;
  createdAt: Date;
}

export interface DropLogin {
  env: 'live' | 'test';
  userName: string;
  passwordSetAt: Date | null;
  keys: DropKey[];
}

/** The SHA-256 fingerprint of an SSH public key blob, as `ssh-keygen -l` prints it (`SHA256:…`). */
export const sshFingerprint = (publicBlob: Buffer) =>
  `SHA256:${createHash('sha256').update(publicBlob).digest('base64').replace(/=+$/, '')}`;

const ssh2 = async () => (await import('ssh2')).default;

async function ensureAccount(tx: Queryable, tenant: AgencyEnv, now: Date): Promise<string> {
  const userName = dropUserName(tenant);
  await tx.query(
    `INSERT INTO sftp_drop_accounts (user_name, agency_id, env, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_name) DO NOTHING`,
    [userName, tenant.agencyId, tenant.env, now],
  );
  return userName;
}

/** Sets (or replaces) the login's password; French refusals. */
export async function setDropPassword(db: Queryable, tenant: AgencyEnv, password: string, now: Date): Promise<Outcome<null>> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return refuse('validation_error', `Le mot de passe doit compter de ${PASSWORD_MIN} à ${PASSWORD_MAX} caractères.`, [
      { field: 'password', message: `Le mot de passe doit compter de ${PASSWORD_MIN} à ${PASSWORD_MAX} caractères.` },
    ]);
  const hash = await hashPassword(password);
  const userName = await ensureAccount(db, tenant, now);
  await db.query(`UPDATE sftp_drop_accounts SET password_hash = $2, password_set_at = $3 WHERE user_name = $1`, [userName, hash, now]);
  return success(null);
}

/** Removes the login's password: only its public keys open it afterwards. */
export async function clearDropPassword(db: Queryable, tenant: AgencyEnv): Promise<void> {
  await db.query(`UPDATE sftp_drop_accounts SET password_hash = NULL, password_set_at = NULL WHERE user_name = $1`, [dropUserName(tenant)]);
}

const keyProblem = (message: string) => refuse('validation_error', message, [{ field: 'publicKey', message }]);

/** Adds a public key given as one OpenSSH line (`ssh-ed25519 AAAA… comment`); a private key is refused, never stored. */
export async function addDropKey(db: Database, tenant: AgencyEnv, text: string, now: Date): Promise<Outcome<DropKey>> {
  const line = text.trim();
  if (line.length === 0 || line.length > PUBLIC_KEY_MAX || /[\r\n]/.test(line) || line.includes('PRIVATE KEY'))
    return keyProblem('Collez une clé publique OpenSSH sur une ligne (fichier .pub), par exemple « ssh-ed25519 AAAA… nom ».');
  const parsed = (await ssh2()).utils.parseKey(line);
  if (parsed instanceof Error || Array.isArray(parsed) || parsed.isPrivateKey())
    return keyProblem('Cette clé publique n’est pas lisible : collez le contenu du fichier .pub (ssh-ed25519, ecdsa-sha2 ou ssh-rsa).');
  const fingerprint = sshFingerprint(parsed.getPublicSSH());
  const comment = parsed.comment.trim().slice(0, 200) || null;
  return db.transaction(async (tx) => {
    const userName = await ensureAccount(tx, tenant, now);
    // The login's row is locked first, so two keys added at once are counted one after the other.
    await tx.query(`SELECT 1 FROM sftp_drop_accounts WHERE user_name = $1 FOR UPDATE`, [userName]);
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sftp_drop_keys WHERE user_name = $1`, [userName]);
    if (rows[0]!.n >= DROP_KEYS_MAX) return keyProblem(`Un accès SFTP accepte au plus ${DROP_KEYS_MAX} clés : retirez-en une d’abord.`);
    const inserted = await tx.query(
      `INSERT INTO sftp_drop_keys (user_name, fingerprint, key_type, public_key, comment, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [userName, fingerprint, parsed.type, line, comment, now],
    );
    if (inserted.rowCount === 0) return keyProblem('Cette clé est déjà enregistrée pour cet accès.');
    return success({ fingerprint, keyType: parsed.type, comment, createdAt: now });
  });
}

/** Removes a key by its fingerprint; false when the login has no such key. */
export async function removeDropKey(db: Queryable, tenant: AgencyEnv, fingerprint: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM sftp_drop_keys WHERE user_name = $1 AND fingerprint = $2`, [
    dropUserName(tenant),
    fingerprint,
  ]);
  return rowCount > 0;
}

/** The agency's two logins (LIVE and TEST) as the pro space shows them, whether set up or not. */
export async function dropLogins(db: Queryable, agencyId: string): Promise<DropLogin[]> {
  const { rows } = await db.query<{ env: 'live' | 'test'; password_set_at: Date | null; keys: DropKey[] | null }>(
    `SELECT a.env, a.password_set_at,
       (SELECT json_agg(json_build_object('fingerprint', k.fingerprint, 'keyType', k.key_type, 'comment', k.comment,
                                          'createdAt', k.created_at) ORDER BY k.created_at, k.fingerprint)
        FROM sftp_drop_keys k WHERE k.user_name = a.user_name) AS keys
     FROM sftp_drop_accounts a WHERE a.agency_id = $1`,
    [agencyId],
  );
  return (['live', 'test'] as const).map((env) => {
    const row = rows.find((r) => r.env === env);
    return {
      env,
      userName: dropUserName({ agencyId, env }),
      passwordSetAt: row?.password_set_at ? new Date(row.password_set_at) : null,
      keys: (row?.keys ?? []).map((key) => ({ ...key, createdAt: new Date(key.createdAt) })),
    };
  });
}

interface AccountRow {
  user_name: string;
  agency_id: string;
  env: 'live' | 'test';
  password_hash: string | null;
}

/** The login of this user name when its agency may use it now (a LIVE one needs the agency verified and not suspended). */
async function usableAccount(db: Queryable, userName: string): Promise<AccountRow | null> {
  if (userName.length > 100) return null;
  const { rows } = await db.query<AccountRow>(
    `SELECT a.user_name, a.agency_id, a.env, a.password_hash FROM sftp_drop_accounts a JOIN agencies g ON g.id = a.agency_id
     WHERE a.user_name = $1 AND (a.env = 'test' OR (g.verified AND g.suspended_at IS NULL))`,
    [userName],
  );
  return rows[0] ?? null;
}

const tenantOf = (row: AccountRow): AgencyEnv => ({ agencyId: row.agency_id, env: row.env });

/** A password login: the tenant it opens, or null (unknown user, wrong password, too many failures: all alike). */
export async function dropPasswordLogin(
  db: Queryable,
  input: { userName: string; password: string; address: string },
  now: Date,
): Promise<AgencyEnv | null> {
  const outcome = await checkSignIn(
    db,
    { email: input.userName, password: input.password, address: input.address },
    now,
    DROP_LOGIN_LIMITS,
    async (name) => {
      const row = await usableAccount(db, name);
      return row?.password_hash ? { id: row.user_name, passwordHash: row.password_hash, disabled: false, row } : null;
    },
  );
  return outcome.ok ? tenantOf(outcome.account.row) : null;
}

/**
 * A public-key login: the tenant when the key is one of the login's. Without `signature` the
 * client only asks whether the key would do; with it, the signature must verify.
 */
export async function dropKeyLogin(
  db: Queryable,
  input: { userName: string; algo: string; publicBlob: Buffer; signed?: { blob: Buffer; signature: Buffer; hashAlgo?: string } },
): Promise<AgencyEnv | null> {
  const row = await usableAccount(db, input.userName.toLowerCase());
  if (!row) return null;
  const { rows } = await db.query<{ public_key: string }>(
    `SELECT public_key FROM sftp_drop_keys WHERE user_name = $1 AND fingerprint = $2`,
    [row.user_name, sshFingerprint(input.publicBlob)],
  );
  if (!rows[0]) return null;
  const key = (await ssh2()).utils.parseKey(rows[0].public_key);
  if (key instanceof Error || Array.isArray(key) || key.type !== input.algo || !key.getPublicSSH().equals(input.publicBlob)) return null;
  if (input.signed && key.verify(input.signed.blob, input.signed.signature, input.signed.hashAlgo) !== true) return null;
  return tenantOf(row);
}

/**
 * The server's host key (OpenSSH private key text): made by the first process that asks and kept
 * in PostgreSQL, so every process serves the same one and clients that pinned it keep trusting it.
 */
export async function dropHostKey(db: Queryable, now: Date): Promise<string> {
  const existing = await db.query<{ private_key: string }>(`SELECT private_key FROM sftp_host_key WHERE id = 1`);
  if (existing.rows[0]) return existing.rows[0].private_key;
  const made = (await ssh2()).utils.generateKeyPairSync('ed25519').private;
  // Two processes starting together: the first insert wins, and both read it back.
  await db.query(`INSERT INTO sftp_host_key (id, private_key, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [made, now]);
  const { rows } = await db.query<{ private_key: string }>(`SELECT private_key FROM sftp_host_key WHERE id = 1`);
  return rows[0]!.private_key;
}

/** The host key's fingerprint as clients show it on first connection; null before the drop ever started. */
export async function dropHostFingerprint(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ private_key: string }>(`SELECT private_key FROM sftp_host_key WHERE id = 1`);
  if (!rows[0]) return null;
  const key = (await ssh2()).utils.parseKey(rows[0].private_key);
  return key instanceof Error || Array.isArray(key) ? null : sshFingerprint(key.getPublicSSH());
}
