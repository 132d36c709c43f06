import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { ruleErrorLogger } from '../../http/plugins/request-log.js';
import { envelopeOnly } from '../../http/validation.js';
import { tenantOf } from '../../http/tenant.js';
import { writeItems } from '../../../domain/listings/bulk-write.js';
import { noteSeen } from '../../../domain/sync/sessions.js';
import { namedExternalIds } from '../../../domain/sync/named.js';
import { IngestEnvelope, IngestRequest, IngestResult, MAX_PUSH } from '../schemas.js';
import { validateIngestItem } from '../validate.js';
import { ingestDuplicateProbe, pushResult, refuseTooManyListings } from './push.js';

/** 500 listings of up to 10,000-character descriptions and 100 photo URLs fit with room to spare. */
export const PUSH_BODY_LIMIT = 32 * 1024 * 1024;

const schema = {
  tags: ['ingestion'],
  operationId: 'ingestListings',
  summary: `Create or update up to ${MAX_PUSH} listings by externalId`,
  description:
    'Upsert by externalId, idempotent. Each rejected listing is reported in errors[] with its index and reason; the others are still written, ' +
    'all in one transaction. A request with more than 500 listings, invalid JSON or no listings array is refused whole (400) and changes nothing. ' +
    'Content equal to what is stored is counted as unchanged (no new version). The same externalId twice in one push: the last occurrence wins. ' +
    'results[] gives one entry per pushed listing, in order, with its outcome, serviceId and version. ' +
    'With syncId, the push belongs to that full sync session (see startSyncSession). ' +
    'Idempotency-Key: a retry with the same key and body gets the first answer again, so its counters stay those of the first attempt.',
  security: [{ bearerAuth: [] }],
  headers: IdempotencyHeader,
  body: IngestRequest,
  response: {
    200: IngestResult,
    ...errorResponses(404),
    409: {
      description:
        'conflict: the syncId names a completed or expired session, or the Idempotency-Key was used with another body, or its first request is still running (then Retry-After says when to retry).',
      content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
    } as never,
  },
};

/** POST /ingest/ingestListings: a push of up to 500 listings, each checked on its own. */
export const ingestListingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.post(
    '/ingestListings',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { scope: 'listings:write', bodyItems: `${MAX_PUSH} listings` },
      // The documented schema describes each listing; only the envelope is enforced for the
      // whole request, so a bad listing is reported in errors[] instead of failing the push.
      validatorCompiler: envelopeOnly(IngestEnvelope),
      preValidation: refuseTooManyListings,
      schema,
    },
    async (request, reply) => {
      const body = request.body as { listings: unknown[]; syncId?: string };
      const tenant = tenantOf(request);
      if (body.syncId !== undefined) {
        const seen = await noteSeen(db, tenant, body.syncId, namedExternalIds(body.listings), now());
        if (!seen.ok) throw failWith(seen);
      }
      const written = await writeItems(db, tenant, body.listings, validateIngestItem, now(), {
        onRuleError: ruleErrorLogger(request),
        duplicateProbe: ingestDuplicateProbe,
      });
      const result = pushResult(tenant.agencyId, written);
      reply.listingsSynced = result.processed - result.errors.length;
      return result;
    },
  );
};
