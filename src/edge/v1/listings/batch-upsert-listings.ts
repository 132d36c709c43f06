import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedKey } from '../../http/plugins/key-auth.js';
import { envelopeOnly } from '../../http/validation.js';
import { refuseMoreListingsThan } from '../../http/listing-count.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { ruleErrorLogger } from '../../http/plugins/request-log.js';
import { tenantOf } from '../../http/tenant.js';
import { PLAN_BATCH_SIZES } from '../../../domain/agencies/plans.js';
import { writeItems } from '../../../domain/listings/bulk-write.js';
import { BatchRequest, BatchResult } from '../schemas.js';
import { batchResult, checkBatchItem, v1DuplicateProbe } from './batch.js';
import { security } from './listing-http.js';

/** The plan's batch size is checked before the envelope (refuseOverPlanSize), with a message that names it. */
const BatchEnvelope = Type.Object({ listings: Type.Array(Type.Unknown(), { minItems: 1 }) }, { additionalProperties: false });

const schema = {
  tags: ['v1'],
  operationId: 'batchUpsertListings',
  summary: 'Create or update several listings; one outcome per item',
  description:
    'At most the plan’s batch size (Solo 10, Agence 50, Réseau 100); more is 400. Each item is an upsert by externalId; a bad item is ' +
    'reported in results[] with its error and never stops the others. Always 200 when the request itself is well-formed. ' +
    'Each accepted item carries the same warnings as a push of it would.',
  security,
  headers: IdempotencyHeader,
  body: BatchRequest,
  response: { 200: BatchResult, ...errorResponses(409) },
};

/** More listings than the plan's batch size: refused whole, before the Idempotency-Key is claimed, as a push is. */
const refuseOverPlanSize = refuseMoreListingsThan((request) => PLAN_BATCH_SIZES[authenticatedKey(request).plan], ' on this plan');

/** POST /v1/listings/batch: the push's capability with v1's item check and result shape. */
export const batchUpsertListingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.post(
    '/listings/batch',
    {
      config: { scope: 'listings:write', bodyItems: '10, 50 or 100 listings (the plan’s batch size)' },
      bodyLimit: 8 * 1024 * 1024,
      // Only the envelope is enforced for the whole request; items are checked one by one.
      validatorCompiler: envelopeOnly(BatchEnvelope),
      preValidation: refuseOverPlanSize,
      schema,
    },
    async (request, reply) => {
      const items = (request.body as { listings: unknown[] }).listings;
      const written = await writeItems(db, tenantOf(request), items, checkBatchItem, now(), {
        onRuleError: ruleErrorLogger(request),
        duplicateProbe: v1DuplicateProbe,
      });
      const result = batchResult(written);
      reply.listingsSynced = result.processed - result.failed;
      return result;
    },
  );
};
