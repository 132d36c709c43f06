import type { Queryable } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';
import { findEndpoint, type Endpoint } from './endpoint-store.js';

/** Both environments of an agency: the pro space shows LIVE and TEST endpoints together. */
export const agencyWebhookScopes = (agencyId: string): AgencyEnv[] => [
  { agencyId, env: 'live' },
  { agencyId, env: 'test' },
];

/**
 * The agency's endpoint with the scope it lives in, or null (another agency's id included). An
 * endpoint's environment is part of its identity, so it is looked for in either.
 */
export async function findOwnEndpoint(
  db: Queryable,
  agencyId: string,
  webhookId: string,
  now: Date,
): Promise<{ scope: AgencyEnv; endpoint: Endpoint } | null> {
  for (const scope of agencyWebhookScopes(agencyId)) {
    const found = await findEndpoint(db, scope, webhookId, now);
    if (found.ok) return { scope, endpoint: found.value };
  }
  return null;
}
