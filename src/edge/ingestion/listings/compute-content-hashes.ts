import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contentHash } from '../../../domain/listing-model/content-hash.js';
import { ExternalId } from '../../../domain/listings/schemas.js';
import { envelopeOnly } from '../../http/validation.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { Count, Text } from '../../../platform/validation/schema-types.js';
import { FIELD_MESSAGE_MAX } from '../../../platform/validation/schema-validator.js';
import { IngestEnvelope, IngestRequest, MAX_PUSH } from '../schemas.js';
import { validateIngestItem } from '../validate.js';
import { PUSH_BODY_LIMIT } from './ingest-listings.js';
import { refuseTooManyListings } from './push.js';

const HashResults = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Count(MAX_PUSH - 1),
      externalId: Type.Union([ExternalId(), Type.Null()]),
      contentHash: Type.Union([Type.String({ pattern: '^[0-9A-Za-z_=+/-]{1,128}$', maxLength: 128 }), Type.Null()], {
        description: 'The contentHash agencyListings would show once the listing is stored as given; null when a push would reject it.',
      }),
      reason: Type.Union([Text(100 * (FIELD_MESSAGE_MAX + 2)), Type.Null()], {
        description: 'Why a push would reject the listing; null when it would not.',
      }),
    }),
    { maxItems: MAX_PUSH },
  ),
});

/**
 * What a push would store, as content hashes, without writing: a CRM (or `listing-sync
 * reconcile`) compares them with agencyListings' to find what differs, with the service's own
 * mapping of ingestion listings rather than a copy of it on the client.
 */
export const computeContentHashesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/contentHashes',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { scope: 'listings:read', bodyItems: `${MAX_PUSH} listings` },
      validatorCompiler: envelopeOnly(IngestEnvelope),
      preValidation: refuseTooManyListings,
      schema: {
        tags: ['ingestion'],
        operationId: 'computeContentHashes',
        summary: `The contentHash of up to ${MAX_PUSH} listings as a push would store them, without writing`,
        description:
          'Takes the body of ingestListings (syncId is ignored) and answers, per listing in order, the contentHash that agencyListings would ' +
          'show once a push stored it as given, or the reason a push would reject it. Nothing is written. Compare these hashes with ' +
          'agencyListings’ to find which listings differ without fetching each one.',
        security: [{ bearerAuth: [] }],
        headers: IdempotencyHeader,
        body: IngestRequest,
        response: { 200: HashResults, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { listings } = request.body as { listings: unknown[] };
      return {
        results: listings.map((item, index) => {
          const checked = validateIngestItem(item);
          if (!checked.ok) return { index, externalId: checked.externalId, contentHash: null, reason: checked.detail };
          const { draft } = checked;
          return { index, externalId: draft.externalId, contentHash: contentHash(draft.content, draft.status ?? 'active'), reason: null };
        }),
      };
    },
  );
};
