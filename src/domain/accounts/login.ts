import type { Queryable } from '../../platform/db/database.js';
import { checkSignIn, type SignInLimits, type SignInOutcome } from '../credentials/sign-in.js';
import { recordSignInLock } from '../account-security/sign-in-locks.js';
import { findUserForLogin, type User } from './user-store.js';

export const PRO_LOGIN_LIMITS: SignInLimits = {
  address: { action: 'pro-login-ip', limit: 30, periodMs: 30 * 60_000 },
  account: { action: 'pro-login-account', limit: 10, periodMs: 30 * 60_000 },
};

/** A pro user's sign-in, with the same checks and limits as the back-office's (checkSignIn). */
export function proLogin(
  db: Queryable,
  input: { email: string; password: string; address: string },
  now: Date,
): Promise<SignInOutcome<User & { passwordHash: string; disabled: boolean }>> {
  return checkSignIn(
    db,
    input,
    now,
    PRO_LOGIN_LIMITS,
    (email) => findUserForLogin(db, email),
    (lock) => recordSignInLock(db, 'pro', lock),
  );
}
