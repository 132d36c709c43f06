import type { Database } from '../../platform/db/database.js';
import { changeCachedRows, type SharedCache } from '../../platform/db/shared-cache.js';
import { recordAudit } from '../audit/audit-log.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import { findAgency, setPlan, type Agency } from './agency-store.js';
import type { Plan } from './plans.js';

/** An operator changes an agency's plan (audited); cached keys carry the plan, so every process forgets them. */
export async function changePlan(db: Database, keys: SharedCache, agencyId: string, plan: Plan, actor: string): Promise<Outcome<Agency>> {
  return changeCachedRows(db, keys, async (tx) => {
    const before = await findAgency(tx, agencyId);
    if (!before) return notFound('Agency');
    await setPlan(tx, agencyId, plan);
    await recordAudit(tx, {
      actor,
      action: 'agency.plan',
      targetType: 'agency',
      targetId: agencyId,
      before: { plan: before.plan },
      after: { plan },
    });
    return { ok: true, value: { ...before, plan } };
  });
}
