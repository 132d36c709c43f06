import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../http/errors.js';
import { tenantOf } from '../../http/tenant.js';
import { restoringOffsetOf } from '../query-offset.js';
import { listListings } from '../../../domain/listings/store.js';
import { toV1Record } from '../../../domain/listings/v1-record.js';
import { isIsoTimestamp } from '../../../platform/validation/timestamps.js';
import { ListQuery, ListResponse } from '../schemas.js';
import { security } from './listing-http.js';

const schema = {
  tags: ['v1'],
  operationId: 'listListings',
  summary: 'The agency’s listings, newest change first',
  description: 'Filters: status (a v1 status), modifiedSince (ISO 8601). Pages from 1; pageSize 1–200, default 50.',
  security,
  querystring: ListQuery,
  response: { 200: ListResponse },
};

/** GET /v1/listings: a page of the agency's listings. */
export const listListingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  app.get(
    '/listings',
    {
      config: { scope: 'listings:read' },
      schema,
      preValidation: restoringOffsetOf('modifiedSince'),
    },
    async (request) => {
      const { page, pageSize, status, modifiedSince } = request.query;
      if (modifiedSince !== undefined && !isIsoTimestamp(modifiedSince)) {
        const message = 'modifiedSince must be an ISO 8601 timestamp such as 2026-03-01T09:30:00Z';
        throw new ApiError('validation_error', message, [{ field: 'modifiedSince', message }]);
      }
      const { listings, total } = await listListings(db, tenantOf(request), {
        status,
        modifiedSince: modifiedSince ? new Date(modifiedSince) : undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { data: listings.map((l) => toV1Record(l, config.siteUrl)), page, pageSize, total, hasMore: page * pageSize < total };
    },
  );
};
