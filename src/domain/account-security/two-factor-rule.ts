import type { Queryable } from '../../platform/db/database.js';
import { hasSecondFactor, type Principal } from '../credentials/second-factors.js';

/**
 * Who must have a second factor (docs/accounts.md): every operator, and the members of an agency
 * whose admins require it of the team. Whoever must have one and has none is taken to the
 * enrolment page at their next request, and nothing else of the space opens until it is done.
 */
export const twoFactorRequired = (principal: Pick<Principal, 'scope'>, agencyRequires: boolean): boolean =>
  principal.scope === 'admin' || agencyRequires;

/** Whether the principal must enrol a second factor before using the space (no query unless one is required). */
export async function mustEnrol(db: Queryable, principal: Principal, agencyRequires: boolean): Promise<boolean> {
  return twoFactorRequired(principal, agencyRequires) && !(await hasSecondFactor(db, principal));
}
