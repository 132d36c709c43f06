import type { Queryable } from '../db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import { hitClientLimit, type ClientLimit } from '../client-limits/client-limit.js';
import { findOperatorForLogin, normaliseEmail, type Operator } from './operator-store.js';
import { decoyHash, PASSWORD_MAX, verifyPassword } from './password.js';

/** Attempts per client address, and per account whatever the address (DECISIONS §13). */
export const LOGIN_LIMITS = {
  address: { action: 'admin-login-ip', limit: 30, periodMs: 30 * 60_000 },
  account: { action: 'admin-login-account', limit: 10, periodMs: 30 * 60_000 },
} as const satisfies Record<string, ClientLimit>;

export type LoginOutcome =
  | { ok: true; operator: Operator }
  | { ok: false; reason: 'invalid' | 'disabled' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * An operator's sign-in. Unknown e-mail and wrong password answer alike, and take as long
 * (a decoy hash is checked); a disabled operator learns so only with the right password.
 * Every attempt counts towards the limits, so guessing stops after a few tries.
 */
export async function operatorLogin(db: Queryable, input: { email: string; password: string; address: string }, now: Date): Promise<LoginOutcome> {
  const email = normaliseEmail(input.email);
  for (const [rule, key] of [
    [LOGIN_LIMITS.address, input.address],
    [LOGIN_LIMITS.account, email],
  ] as const) {
    const decision = await hitClientLimit(db, rule, key, now);
    if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const operator = email.length <= 254 ? await findOperatorForLogin(db, email) : null;
  const password = input.password.slice(0, PASSWORD_MAX + 1);
  const matches = await verifyPassword(password, operator?.passwordHash ?? (await decoyHash()));
  if (!operator || !matches) {
    if (operator) await recordAudit(db, { actor: operator.id, action: 'operator.login_failed', targetType: 'operator', targetId: operator.id });
    return { ok: false, reason: 'invalid' };
  }
  if (operator.disabledAt) {
    await recordAudit(db, { actor: operator.id, action: 'operator.login_refused', targetType: 'operator', targetId: operator.id, after: { disabledAt: operator.disabledAt.toISOString() } });
    return { ok: false, reason: 'disabled' };
  }
  await recordAudit(db, { actor: operator.id, action: 'operator.login', targetType: 'operator', targetId: operator.id });
  const { passwordHash: _omitted, ...visible } = operator;
  return { ok: true, operator: visible };
}
