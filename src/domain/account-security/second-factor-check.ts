import type { Database } from '../../platform/db/database.js';
import { hitClientLimit, releaseClientHit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import type { Principal } from '../credentials/second-factors.js';
import { TOTP_CODE_PATTERN, verifyTotp } from '../credentials/totp.js';
import { recoveryCodesLeft, useRecoveryCode } from '../credentials/recovery-codes.js';
import { findAccount } from './directory.js';
import { recordAccountEvent } from './events.js';

/**
 * Wrong codes per account, whatever the address (docs/accounts.md): a code has a million values,
 * so ten guesses in half an hour leave a thief about one chance in a hundred thousand a day.
 * Failures only: a right code gives its hit back.
 */
export const SECOND_FACTOR_LIMIT: ClientLimit = { action: 'second-factor', limit: 10, periodMs: 30 * 60_000 };

export type SecondFactorCheck =
  | { ok: true; via: 'totp' | 'recovery_code' }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * The second step of a sign-in: `typed` is a code of one of the principal's apps (six digits,
 * each step once) or one of their unused recovery codes (used up, and audited, at once).
 * Each attempt is counted before it is judged, so parallel guesses cannot all slip under the limit.
 */
export async function checkSecondFactor(db: Database, principal: Principal, typed: string, now: Date): Promise<SecondFactorCheck> {
  const key = `${principal.scope}:${principal.id}`;
  const decision = await hitClientLimit(db, SECOND_FACTOR_LIMIT, key, now);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  const code = typed.replace(/\s/g, '');
  const via = TOTP_CODE_PATTERN.test(code) ? 'totp' : 'recovery_code';
  const right = via === 'totp' ? await verifyTotp(db, principal, code, now) : await spendRecoveryCode(db, principal, code, now);
  if (!right) return { ok: false, reason: 'invalid' };
  await releaseClientHit(db, SECOND_FACTOR_LIMIT, key, now);
  return { ok: true, via };
}

async function spendRecoveryCode(db: Database, principal: Principal, code: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await useRecoveryCode(tx, principal, code, now))) return false;
    const account = await findAccount(tx, principal.scope, principal.id);
    if (account)
      await recordAccountEvent(tx, account, 'account.recovery_code_used', { after: { left: await recoveryCodesLeft(tx, principal) } });
    return true;
  });
}
