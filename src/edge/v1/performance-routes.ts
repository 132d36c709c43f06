import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantOf } from '../http/tenant.js';
import { failWith } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import { ServiceIdParams } from '../http/params.js';
import { SERVICE_ID_HINTS } from './listings/listing-http.js';
import { agencyAudience, listingAudience } from '../../domain/audience/report.js';
import { PERIOD_DEFAULT_DAYS, PERIOD_MAX_DAYS, readPeriod } from '../../domain/audience/period.js';
import { AgencyPerformance, ListingPerformance, PeriodQuery } from './performance-schemas.js';

const security = [{ bearerAuth: [] }];

const PERIOD_RULES =
  `Days are Europe/Paris days, from and to both included (YYYY-MM-DD); without them, the last ${PERIOD_DEFAULT_DAYS} days, today ` +
  `included. At most ${PERIOD_MAX_DAYS} days at once; from after to, or a value that is not a calendar date, is 400 naming the ` +
  'field. Counts are written every few seconds: the last seconds may not show yet. Crawlers are not counted. Days are kept 13 months.';

/**
 * The audience operations of v1 (docs/decisions.md §17): what publication on the site earns
 * the agency, per listing and in total, day by day and per device.
 */
export const v1PerformanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;

  app.get(
    '/listings/:serviceId/performance',
    {
      config: { scope: 'listings:read', fieldHints: SERVICE_ID_HINTS },
      schema: {
        tags: ['v1'],
        operationId: 'getListingPerformance',
        summary: 'A listing’s audience on the site, day by day',
        description:
          'One row per day with, for desktop and mobile visits and their total: searchAppearances (shown on a results page or the ' +
          'home page), detailViews (its page answered, from the page cache or not), leads (conversations opened). ' +
          PERIOD_RULES +
          ' Another agency’s listing is 404. A sandbox listing is never on the site: its counts are zeros.',
        security,
        params: ServiceIdParams,
        querystring: PeriodQuery,
        response: { 200: ListingPerformance, ...errorResponses(404) },
      },
    },
    async (request) => {
      const period = readPeriod(request.query, now());
      if (!period.ok) throw failWith(period);
      const { serviceId } = request.params;
      const report = await listingAudience(db, tenantOf(request), serviceId, period.value);
      if (!report.ok) throw failWith(report);
      return { serviceId, ...report.value };
    },
  );

  app.get(
    '/performance',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['v1'],
        operationId: 'getAgencyPerformance',
        summary: 'The agency’s audience on the site, day by day',
        description:
          'The daily totals of all the agency’s listings, in the shape of GET /v1/listings/{serviceId}/performance. ' +
          PERIOD_RULES +
          ' In the sandbox every count is zero: sandbox listings are never on the site.',
        security,
        querystring: PeriodQuery,
        response: { 200: AgencyPerformance },
      },
    },
    async (request) => {
      const period = readPeriod(request.query, now());
      if (!period.ok) throw failWith(period);
      return agencyAudience(db, tenantOf(request), period.value);
    },
  );
};
