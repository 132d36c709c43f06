import type { Queryable } from '../../platform/db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import type { AccountScope } from '../credentials/second-factors.js';
import type { SignInLock } from '../credentials/sign-in.js';
import { recordAccountEvent } from './events.js';

/** The audit action of an address whose failed sign-ins reached its limit (no account to name). */
export const ADDRESS_LOCKED = 'sign_in.address_locked';

/**
 * Records in the audit log that a sign-in limit of `scope` has started refusing (docs/accounts.md):
 * an account's lock as its event (an agency's activity page shows its members'), an address's
 * under its hashed bucket. A lock of an unknown address e-mail is recorded nowhere: there is no
 * account to tell, and the address's own limit reports the guesser.
 */
export async function recordSignInLock(
  db: Queryable,
  scope: AccountScope,
  lock: SignInLock<{ id: string; agencyId?: string | null }>,
): Promise<void> {
  if (lock.limit === 'address')
    await recordAudit(db, {
      actor: lock.bucket,
      action: ADDRESS_LOCKED,
      targetType: 'address',
      targetId: lock.bucket,
      after: { space: scope },
    });
  else if (lock.account)
    await recordAccountEvent(db, { scope, id: lock.account.id, agencyId: lock.account.agencyId ?? null }, 'account.sign_in_locked');
}
