import type { Database } from '../../platform/db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import { findAgency, setPlan, type Agency } from './agency-store.js';
import type { Plan } from './plans.js';

/** An operator changes an agency's plan (audited). Callers must drop cached keys, which carry the plan. */
export async function changePlan(db: Database, agencyId: string, plan: Plan, actor: string): Promise<Outcome<Agency>> {
  return db.transaction(async (tx) => {
    const before = await findAgency(tx, agencyId);
    if (!before) return notFound('Agency');
    await setPlan(tx, agencyId, plan);
    await recordAudit(tx, { actor, action: 'agency.plan', targetType: 'agency', targetId: agencyId, before: { plan: before.plan }, after: { plan } });
    return { ok: true, value: { ...before, plan } };
  });
}
