import type { Queryable } from '../../platform/db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Account } from './directory.js';

/**
 * The account events the audit log keeps (docs/accounts.md): the back-office shows them all,
 * an agency's activity page those of its members.
 */
export type AccountEvent =
  | 'account.password_reset_asked'
  | 'account.password_reset'
  | 'account.password_changed'
  | 'account.email_verified'
  | 'account.email_change_asked'
  | 'account.email_changed'
  | 'account.factor_added'
  | 'account.factor_removed'
  | 'account.recovery_codes_made'
  | 'account.recovery_code_used'
  | 'account.factors_reset'
  | 'account.session_ended'
  | 'account.other_sessions_ended'
  | 'account.signed_in_new_device'
  | 'account.sign_in_locked'
  | 'account.invitation_sent'
  | 'account.invitation_revoked'
  | 'account.two_factor_required'
  | 'account.two_factor_not_required';

/**
 * Records an event of `account` in the caller's transaction. The actor is the account itself
 * unless someone else acted (an operator resetting factors, an admin inviting); `after` holds
 * what the entry shows (a factor's label, a device), never a secret.
 */
export async function recordAccountEvent(
  tx: Queryable,
  account: Pick<Account, 'scope' | 'id' | 'agencyId'>,
  action: AccountEvent,
  options: { actor?: string; after?: Record<string, unknown> } = {},
): Promise<void> {
  await recordAudit(tx, {
    actor: options.actor ?? account.id,
    action,
    targetType: account.scope === 'pro' ? 'user' : 'operator',
    targetId: account.id,
    agencyId: account.agencyId ?? undefined,
    after: options.after,
  });
}
