import type { Queryable } from '../../platform/db/database.js';
import { notFound, success, type Outcome } from '../../platform/outcome.js';
import { findAgency, type Agency } from '../agencies/agency-store.js';
import { paidFrom } from '../agencies/free-period.js';
import { PLAN_DAILY_REQUESTS } from '../agencies/plans.js';
import { keyCards, planCalls24h } from '../key-usage/key-usage.js';
import { leadCounts } from '../leads/conversation-store.js';
import { liveListingCounts } from '../listings/agency-counts.js';
import { verificationDeadline } from '../verification/verification.js';
import { countFailingEndpoints } from '../webhooks/endpoint-store.js';

export interface AgencyOverview {
  agency: Agency;
  verificationSecondsLeft: number;
  counts: { listings: number; pending: number; unreadLeads: number };
  calls24h: number;
  freeUntil: Date;
  now: Date;
  /** Webhook endpoints the service disabled because every delivery failed for 5 days. */
  failingWebhooks: number;
  /** LIVE keys not revoked: once there is one, the dashboard stops inviting to make one. */
  liveKeys: number;
}

/**
 * What an agency sees first in its pro space (docs/decisions.md §13): its verification and the
 * 48 hours, its plan's use over 24 hours, its listings, unread leads and failing webhooks.
 */
export async function agencyOverview(
  db: Queryable,
  agencyId: string,
  at: Date,
  keyLimits: { live: number; test: number },
): Promise<Outcome<AgencyOverview>> {
  const agency = await findAgency(db, agencyId);
  if (!agency) return notFound('Agency');
  const [cards, planCalls, counts, leads, failing] = await Promise.all([
    keyCards(db, agency.id, at, keyLimits),
    planCalls24h(db, agency.id, at),
    liveListingCounts(db, agency.id),
    leadCounts(db, { agencyId: agency.id, env: 'live' }),
    countFailingEndpoints(db, agency.id),
  ]);
  return success({
    agency,
    verificationSecondsLeft: Math.round((verificationDeadline(agency.createdAt).getTime() - at.getTime()) / 1000),
    counts: { ...counts, unreadLeads: leads.unread },
    // Against a plan's daily limit, what that limit counts (LIVE v1 calls); without a limit, every LIVE call.
    calls24h:
      PLAN_DAILY_REQUESTS[agency.plan] === null ? cards.filter((c) => c.key.env === 'live').reduce((s, c) => s + c.calls24h, 0) : planCalls,
    freeUntil: paidFrom(agency.createdAt),
    now: at,
    failingWebhooks: failing,
    liveKeys: cards.filter((card) => card.key.env === 'live' && card.key.revokedAt === null).length,
  });
}
