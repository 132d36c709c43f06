import type { Queryable } from '../../platform/db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import { checkSignIn, type SignInLimits } from '../credentials/sign-in.js';
import { recordSignInLock } from '../account-security/sign-in-locks.js';
import { findOperatorForLogin, type Operator } from './operator-store.js';

export const LOGIN_LIMITS: SignInLimits = {
  address: { action: 'admin-login-ip', limit: 30, periodMs: 30 * 60_000 },
  account: { action: 'admin-login-account', limit: 10, periodMs: 30 * 60_000 },
};

export type LoginOutcome =
  | { ok: true; operator: Operator }
  | { ok: false; reason: 'invalid' | 'disabled' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** An operator's sign-in (see checkSignIn); successes and refusals of a known operator are audited. */
export async function operatorLogin(
  db: Queryable,
  input: { email: string; password: string; address: string },
  now: Date,
): Promise<LoginOutcome> {
  const outcome = await checkSignIn(
    db,
    input,
    now,
    LOGIN_LIMITS,
    async (email) => {
      const found = await findOperatorForLogin(db, email);
      return found && { ...found, disabled: found.disabledAt !== null };
    },
    (lock) => recordSignInLock(db, 'admin', lock),
  );
  if (outcome.ok) {
    await recordAudit(db, { actor: outcome.account.id, action: 'operator.login', targetType: 'operator', targetId: outcome.account.id });
    const { passwordHash: _hash, disabled: _disabled, ...operator } = outcome.account;
    return { ok: true, operator };
  }
  if (outcome.reason === 'throttled') return outcome;
  const known = outcome.account;
  if (known) {
    const action = outcome.reason === 'disabled' ? 'operator.login_refused' : 'operator.login_failed';
    await recordAudit(db, { actor: known.id, action, targetType: 'operator', targetId: known.id });
  }
  return { ok: false, reason: outcome.reason };
}
