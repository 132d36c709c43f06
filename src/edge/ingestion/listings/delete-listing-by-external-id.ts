import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { ExternalId } from '../../../domain/listings/schemas.js';
import { deleteListing } from '../../../domain/listings/single-writes.js';
import { ExternalIdQuery } from '../schemas.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'deleteListingByExternalIdIngest',
  summary: 'Remove one of the agency’s listings at once (soft delete)',
  description:
    'The listing leaves the public site and every read at once; pushing its externalId again creates it anew, its version continuing.',
  security: [{ bearerAuth: [] }],
  querystring: ExternalIdQuery,
  response: {
    200: Type.Object({ externalId: ExternalId(), deleted: Type.Literal(true) }),
    ...errorResponses(404, 409),
  },
};

/** DELETE /ingest/listingByExternalId. */
export const deleteListingByExternalIdRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.delete('/listingByExternalId', { config: { scope: 'listings:delete' }, schema }, async (request) => {
    const { externalId } = request.query;
    const outcome = await deleteListing(db, tenantOf(request), { externalId }, now());
    if (!outcome.ok) throw failWith(outcome);
    return { externalId, deleted: true as const };
  });
};
