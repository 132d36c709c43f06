import type { Queryable } from '../../platform/db/database.js';
import { clientBucket, hitClientLimit, releaseClientHit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { decoyHash, PASSWORD_MAX, verifyPassword } from './password.js';
import { normaliseEmail } from './email.js';

/** An account that may sign in: its id, its password hash, and whether it is switched off. */
export interface Credentials {
  id: string;
  passwordHash: string;
  disabled: boolean;
}

export type SignInOutcome<A> =
  | { ok: true; account: A }
  | { ok: false; reason: 'invalid'; account: A | null }
  | { ok: false; reason: 'disabled'; account: A }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** Failed attempts per client address, and per account whatever the address (docs/decisions.md §13). */
export interface SignInLimits {
  address: ClientLimit;
  account: ClientLimit;
}

/**
 * A limit that has just started refusing (its first refused attempt of a period), for the audit
 * log: an account's limit names the account when it exists; an address's names its bucket (a
 * hash, never the address).
 */
export type SignInLock<A> = { limit: 'account'; account: A | null } | { limit: 'address'; bucket: string };

/**
 * Checks an e-mail and a password. Unknown e-mail and wrong password answer alike, and take as
 * long (a decoy hash is checked); a disabled account learns so only with the right password.
 * Only failures count towards the limits (in PostgreSQL), so guessing stops after a few tries
 * while a user may sign in as often as they like: each attempt is counted before the password
 * is checked (parallel guesses cannot all slip under a limit), and a success takes its own hit
 * back. A success clears nothing else (docs/accounts.md): whoever guesses between the owner's
 * sign-ins still meets the limit. `onLock` hears of a limit once, when it starts refusing (the
 * accounts of both spaces record it in the audit log; the SFTP drop's logins do not).
 */
export async function checkSignIn<A extends Credentials>(
  db: Queryable,
  input: { email: string; password: string; address: string },
  now: Date,
  limits: SignInLimits,
  find: (email: string) => Promise<A | null>,
  onLock: (lock: SignInLock<A>) => Promise<void> = async () => {},
): Promise<SignInOutcome<A>> {
  const email = normaliseEmail(input.email);
  const known = (address: string) => (address.length <= 254 ? find(address) : Promise.resolve(null));
  for (const [limit, rule, key] of [
    ['address', limits.address, input.address],
    ['account', limits.account, email],
  ] as const) {
    const decision = await hitClientLimit(db, rule, key, now);
    if (decision.allowed) continue;
    if (decision.firstRefusal)
      await onLock(limit === 'account' ? { limit, account: await known(email) } : { limit, bucket: clientBucket(rule.action, key) });
    return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const account = await known(email);
  const matches = await verifyPassword(input.password.slice(0, PASSWORD_MAX + 1), account?.passwordHash ?? (await decoyHash()));
  if (!account || !matches) return { ok: false, reason: 'invalid', account };
  if (account.disabled) return { ok: false, reason: 'disabled', account };
  await releaseClientHit(db, limits.address, input.address, now);
  await releaseClientHit(db, limits.account, email, now);
  return { ok: true, account };
}
