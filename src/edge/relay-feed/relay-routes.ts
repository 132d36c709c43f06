import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { relayTokenAuth } from '../http/plugins/token-auth.js';
import { errorResponses } from '../http/schemas.js';
import { readRelayFeed } from '../../domain/relay/relay-feed.js';
import { polirisZipRoute } from './poliris-zip.js';
import { ON_SALE_STATUSES } from '../../domain/public-listings/visibility.js';
import { Count, DateTime, Int, Text } from '../../platform/validation/schema-types.js';
import { LocationSchema } from '../../domain/listings/schemas.js';
import { UNPLACED } from '../../domain/geography/index.js';
import { statedOrDefaultBedrooms } from '../../domain/listing-model/model.js';

const SEQ_MAX = Number.MAX_SAFE_INTEGER;
export const RELAY_PAGE_MAX = 500;

const RelayQuery = Type.Object(
  {
    afterSeq: Type.Optional(
      Int(0, SEQ_MAX, { default: 0, format: 'int64', description: 'The seq of the last item you hold; 0 (or absent) from the start.' }),
    ),
    limit: Type.Optional(Int(1, RELAY_PAGE_MAX, { default: 100 })),
  },
  { additionalProperties: false },
);

const RelayedListing = Type.Object({
  serviceId: Type.String({ maxLength: 64 }),
  agencyId: Type.String({ maxLength: 64 }),
  agencyName: Text(200),
  version: Count(),
  status: Type.String({ enum: [...ON_SALE_STATUSES] }),
  title: Text(1_000, { description: 'Masked: contact details are replaced, as on the public site.' }),
  description: Type.Union([Text(20_000), Type.Null()]),
  content: Type.Object(
    { location: LocationSchema() },
    {
      additionalProperties: true,
      description:
        'The listing’s public fields (transaction, type, price, surface, city, postcode, photos…), features, neighborhood and photo labels masked as on the public site; never addressLine. ' +
        'location is where the service placed the published version, from its postcode and city (the same as the v1 record’s).',
    },
  ),
  firstPublishedAt: DateTime(),
  updatedAt: DateTime(),
});

const RelayPage = Type.Object({
  listings: Type.Array(
    Type.Object({
      seq: Int(1, SEQ_MAX, { format: 'int64' }),
      serviceId: Type.String({ maxLength: 64 }),
      tombstone: Type.Boolean({
        description: 'true: remove this listing from your copy (not public any more, or no longer shared with the relay).',
      }),
      listing: Type.Union([RelayedListing, Type.Null()], { description: 'The listing as it is now; null on a tombstone.' }),
    }),
    { maxItems: RELAY_PAGE_MAX },
  ),
  nextAfterSeq: Type.Union([Int(1, SEQ_MAX, { format: 'int64' }), Type.Null()], {
    description: 'Pass as afterSeq for the next page; null when this page reached the end (keep the last item’s seq and ask again later).',
  }),
});

/**
 * The partner portal's pull feed (docs/decisions.md §14): listings shared with the relay, in change
 * order, as the public sees them, with tombstones. Off (404) without RELAY_TOKEN.
 */
export const relayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const token = app.services.config.relayToken;
  if (!token) return;
  await app.register(relayTokenAuth, { token });
  app.get(
    '/listings',
    {
      schema: {
        tags: ['relay'],
        operationId: 'relayListings',
        summary: 'Shared listings changed after afterSeq, oldest change first',
        description:
          'Each listing appears once, at its latest change: as the public sees it now, or as a tombstone when it stopped being public or shared. ' +
          'Paging from afterSeq=0 until nextAfterSeq is null leaves you with exactly the relayed set; then ask from your last seq, every minute or so. ' +
          'The feed follows changes within a few seconds.',
        security: [{ relayAuth: [] }],
        querystring: RelayQuery,
        response: { 200: RelayPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // A partner reads the feed again a minute later: it may come from the replica (readDb).
      const page = await readRelayFeed(app.services.readDb, request.query.afterSeq ?? 0, request.query.limit ?? 100);
      return {
        listings: page.items.map((item) => ({
          ...item,
          listing: item.listing && {
            ...item.listing,
            // A listing written before places existed has none until the backfill reaches it.
            content: {
              ...item.listing.content,
              bedrooms: statedOrDefaultBedrooms(item.listing.content),
              location: item.listing.content.location ?? UNPLACED,
            },
            firstPublishedAt: item.listing.firstPublishedAt.toISOString(),
            updatedAt: item.listing.updatedAt.toISOString(),
          },
        })),
        nextAfterSeq: page.nextAfterSeq,
      };
    },
  );
  await app.register(polirisZipRoute);
};
