import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../http/errors.js';
import { tenantOf } from '../../http/tenant.js';
import { restoringOffsetOf } from '../query-offset.js';
import { departmentOf, regionOf } from '../../../domain/geography/index.js';
import { listListings } from '../../../domain/listings/store.js';
import { toV1Record } from '../../../domain/listings/v1-record.js';
import { isIsoTimestamp } from '../../../platform/validation/timestamps.js';
import { ListQuery, ListResponse } from '../schemas.js';
import { security } from './listing-http.js';

const schema = {
  tags: ['v1'],
  operationId: 'listListings',
  summary: 'The agency’s listings, newest change first',
  description:
    'Filters: status (a v1 status), modifiedSince (ISO 8601), departmentCode and regionCode (the listing’s location, docs/geography.md). ' +
    'Pages from 1; pageSize 1–200, default 50.',
  security,
  querystring: ListQuery,
  response: { 200: ListResponse },
};

const refuse = (field: string, message: string): never => {
  throw new ApiError('validation_error', message, [{ field, message }]);
};

/**
 * The département and région filters as the one owner of places writes them (« 2a » is 2A);
 * a code it does not know is refused, where an empty page would read as « no listing there ».
 */
function areaFilter(query: { departmentCode?: string; regionCode?: string }): { departmentCode?: string; regionCode?: string } {
  const department = query.departmentCode === undefined ? undefined : departmentOf(query.departmentCode);
  if (department === null)
    refuse(
      'departmentCode',
      'departmentCode must be a département code: 01 to 95, 2A or 2B for Corsica (20 is none), 971 to 976 overseas, ' +
        'or a collectivity’s (975, 977, 978, 984, 986 to 989)',
    );
  const region = query.regionCode === undefined ? undefined : regionOf(query.regionCode);
  if (region === null)
    refuse('regionCode', 'regionCode must be the INSEE code of a région, such as 84 (Auvergne-Rhône-Alpes) or 11 (Île-de-France)');
  return { departmentCode: department?.code, regionCode: region?.code };
}

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
        ...areaFilter(request.query),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { data: listings.map((l) => toV1Record(l, config.siteUrl)), page, pageSize, total, hasMore: page * pageSize < total };
    },
  );
};
