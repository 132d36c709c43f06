import type { Queryable } from '../../platform/db/database.js';
import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from './link-secret.js';
import type { Principal } from './second-factors.js';

/**
 * What a link mailed to an account does, and how long it works (docs/accounts.md): a password
 * reset one hour; an address to verify or to change to, two days; ending a session signed in
 * from a new device, as long as that session could live.
 */
export const LINK_LIFETIMES = {
  reset: 3_600_000,
  verify: 48 * 3_600_000,
  email_change: 48 * 3_600_000,
  end_session: 7 * 86_400_000,
} as const;
export type LinkPurpose = keyof typeof LINK_LIFETIMES;

/**
 * Makes a link's token (256 random bits; only its hash is stored) for the principal. Every older
 * unused link of the same purpose dies with it (a second reset mail makes the first useless),
 * except end_session links, one per session.
 */
export async function issueLink(
  tx: Queryable,
  principal: Principal,
  purpose: LinkPurpose,
  now: Date,
  detail: string | null = null,
): Promise<string> {
  if (purpose !== 'end_session')
    await tx.query('UPDATE account_links SET used_at = $4 WHERE scope = $1 AND principal_id = $2 AND purpose = $3 AND used_at IS NULL', [
      principal.scope,
      principal.id,
      purpose,
      now,
    ]);
  const token = newLinkSecret();
  await tx.query(
    `INSERT INTO account_links (token_hash, purpose, scope, principal_id, detail, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [hashLinkSecret(token), purpose, principal.scope, principal.id, detail, now, new Date(now.getTime() + LINK_LIFETIMES[purpose])],
  );
  return token;
}

export interface UsedLink extends Principal {
  detail: string | null;
}

/**
 * Uses a link once: the principal it was made for, or null when the token is malformed,
 * unknown, of another purpose or space, expired, or already used. Call it in the transaction of
 * what the link does, so that a failure leaves the link usable.
 */
export async function useLink(
  tx: Queryable,
  scope: Principal['scope'],
  purpose: LinkPurpose,
  token: string,
  now: Date,
): Promise<UsedLink | null> {
  if (!LINK_SECRET_PATTERN.test(token)) return null;
  const { rows } = await tx.query<{ principal_id: string; detail: string | null }>(
    `UPDATE account_links SET used_at = $4 WHERE token_hash = $1 AND purpose = $2 AND scope = $3 AND used_at IS NULL AND expires_at > $4
     RETURNING principal_id, detail`,
    [hashLinkSecret(token), purpose, scope, now],
  );
  return rows[0] ? { scope, id: rows[0].principal_id, detail: rows[0].detail } : null;
}

/** Whether a link would still work, without using it (the page that shows the reset form). */
export async function linkIsLive(
  db: Queryable,
  scope: Principal['scope'],
  purpose: LinkPurpose,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!LINK_SECRET_PATTERN.test(token)) return false;
  const { rows } = await db.query(
    'SELECT 1 FROM account_links WHERE token_hash = $1 AND purpose = $2 AND scope = $3 AND used_at IS NULL AND expires_at > $4',
    [hashLinkSecret(token), purpose, scope, now],
  );
  return rows.length > 0;
}

/** Links expired a day ago or used are of no use; the purge keeps the table small. */
export async function purgeAccountLinks(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM account_links WHERE expires_at < $1', [new Date(now.getTime() - 86_400_000)]);
}
