import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { ServiceIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { ServiceId } from '../../../domain/listings/schemas.js';
import { deleteListing } from '../../../domain/listings/single-writes.js';
import { expectedVersion, security, SERVICE_ID_HINTS, WriteHeaders } from './listing-http.js';

const schema = {
  tags: ['v1'],
  operationId: 'deleteListing',
  summary: 'Remove a listing (soft delete)',
  description:
    'The listing leaves the public site and every read at once; it is kept for audit. Pushing its externalId again creates it anew.',
  security,
  params: ServiceIdParams,
  headers: WriteHeaders,
  response: { 200: Type.Object({ serviceId: ServiceId(), deleted: Type.Literal(true) }), ...errorResponses(404, 409, 412) },
};

/** DELETE /v1/listings/{serviceId}. */
export const deleteListingRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.delete('/listings/:serviceId', { config: { scope: 'listings:delete', fieldHints: SERVICE_ID_HINTS }, schema }, async (request) => {
    const outcome = await deleteListing(db, tenantOf(request), { serviceId: request.params.serviceId }, now(), expectedVersion(request));
    if (!outcome.ok) throw failWith(outcome);
    return { serviceId: outcome.value.serviceId, deleted: true as const };
  });
};
