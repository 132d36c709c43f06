import type { Queryable } from '../../platform/db/database.js';
import { clearClientLimit, hitClientLimit, releaseClientHit, type ClientLimit } from '../../platform/throttling/address-limits.js';
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
 * Checks an e-mail and a password. Unknown e-mail and wrong password answer alike, and take as
 * long (a decoy hash is checked); a disabled account learns so only with the right password.
 * Only failures count towards the limits (in PostgreSQL), so guessing stops after a few tries
 * while a user may sign in as often as they like: each attempt is counted before the password
 * is checked (parallel guesses cannot all slip under a limit), and a success takes its hit
 * back from the address and clears the account's failures.
 */
export async function checkSignIn<A extends Credentials>(
  db: Queryable,
  input: { email: string; password: string; address: string },
  now: Date,
  limits: SignInLimits,
  find: (email: string) => Promise<A | null>,
): Promise<SignInOutcome<A>> {
  const email = normaliseEmail(input.email);
  for (const [rule, key] of [
    [limits.address, input.address],
    [limits.account, email],
  ] as const) {
    const decision = await hitClientLimit(db, rule, key, now);
    if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const account = email.length <= 254 ? await find(email) : null;
  const matches = await verifyPassword(input.password.slice(0, PASSWORD_MAX + 1), account?.passwordHash ?? (await decoyHash()));
  if (!account || !matches) return { ok: false, reason: 'invalid', account };
  if (account.disabled) return { ok: false, reason: 'disabled', account };
  await releaseClientHit(db, limits.address, input.address, now);
  await clearClientLimit(db, limits.account, email);
  return { ok: true, account };
}
