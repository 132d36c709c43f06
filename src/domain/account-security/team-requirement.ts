import type { Database, Queryable } from '../../platform/db/database.js';
import type { Outcome } from '../../platform/outcome.js';
import { hasSecondFactor } from '../credentials/second-factors.js';
import { findAccount } from './directory.js';
import { recordAccountEvent } from './events.js';

/** Whether the agency's admins require a second factor of every member (two-factor-rule.ts says what follows). */
export async function teamRequiresTwoFactor(db: Queryable, agencyId: string): Promise<boolean> {
  const { rows } = await db.query<{ require_two_factor: boolean }>('SELECT require_two_factor FROM agencies WHERE id = $1', [agencyId]);
  return rows[0]?.require_two_factor ?? false;
}

/**
 * An agency admin requires (or stops requiring) a second factor of the whole team; members
 * without one are taken to enrolment at their next request. An admin without a factor of their
 * own cannot require one: they would be the first locked out of the settings they just changed.
 * Only a change is audited.
 */
export async function setTeamRequirement(db: Database, adminId: string, required: boolean): Promise<Outcome<{ changed: boolean }>> {
  return db.transaction(async (tx) => {
    const admin = await findAccount(tx, 'pro', adminId);
    if (!admin?.agencyId) return { ok: false, code: 'not_found', detail: 'Compte introuvable' };
    if (required && !(await hasSecondFactor(tx, admin)))
      return {
        ok: false,
        code: 'business_error',
        detail: 'Activez d’abord votre propre double authentification : vous ne pouvez pas l’exiger de l’équipe sans l’avoir vous-même',
      };
    const { rows } = await tx.query(
      `UPDATE agencies a SET require_two_factor = $3 FROM users u
       WHERE a.id = $2 AND u.id = $1 AND u.agency_id = a.id AND u.role = 'admin' AND a.require_two_factor <> $3 RETURNING a.id`,
      [admin.id, admin.agencyId, required],
    );
    if (rows.length > 0) await recordAccountEvent(tx, admin, required ? 'account.two_factor_required' : 'account.two_factor_not_required');
    return { ok: true, value: { changed: rows.length > 0 } };
  });
}
