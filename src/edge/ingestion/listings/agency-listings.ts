import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantOf } from '../../http/tenant.js';
import { Int } from '../../../platform/validation/schema-types.js';
import { listChanges } from '../../../domain/listings/store.js';
import { bulkModerationSummary } from '../../../domain/listings/response-views.js';
import { CHANGE_PAGE_MAX, ChangeList } from '../schemas.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'agencyListings',
  summary: 'Page through the agency’s current listings for reconciliation',
  description:
    'Keyset pagination on the change sequence: start with afterTs=0 and pass nextAfterTs until it is null. Every current listing is returned ' +
    'exactly once when nothing changes meanwhile, and at least once while listings change (a changed listing moves to a later page). ' +
    'Sequence numbers increase with every change but are not consecutive: treat nextAfterTs as an opaque cursor. ' +
    'Each entry carries its moderation (state, reason codes, publishedVersion), so a nightly job can tell which listings an operator holds ' +
    '(pending) or refused (rejected); an operator’s decision is a change, so the listing comes again on a later page.',
  security: [{ bearerAuth: [] }],
  querystring: Type.Object(
    {
      limit: Int(1, CHANGE_PAGE_MAX, { default: 100 }),
      afterTs: Int(0, Number.MAX_SAFE_INTEGER, { default: 0 }),
    },
    { additionalProperties: false },
  ),
  response: { 200: ChangeList },
};

/** GET /ingest/agencyListings: the agency's current listings by change sequence, for reconciliation. */
export const agencyListingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get('/agencyListings', { config: { scope: 'listings:read' }, schema }, async (request) => {
    const { limit, afterTs } = request.query;
    const tenant = tenantOf(request);
    const page = await listChanges(db, tenant, afterTs, limit);
    return {
      agencyId: tenant.agencyId,
      listings: page.map(({ moderationState, moderationReasons, publishedVersion, ...entry }) => ({
        ...entry,
        updatedAt: entry.updatedAt.toISOString(),
        moderation: bulkModerationSummary({ moderationState, moderationReasons, publishedVersion }),
      })),
      nextAfterTs: page.length === limit ? page[page.length - 1]!.changeSeq : null,
    };
  });
};
