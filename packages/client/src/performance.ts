import type { paths } from './schema.js';
import { ListingSyncError, type ListingSyncClient } from './http.js';

/** A listing's audience as `GET /v1/listings/{serviceId}/performance` gives it. */
export type ListingPerformance = paths['/v1/listings/{serviceId}/performance']['get']['responses'][200]['content']['application/json'];
/** The agency's audience as `GET /v1/performance` gives it. */
export type AgencyPerformance = paths['/v1/performance']['get']['responses'][200]['content']['application/json'];
/** One day: the three counts for desktop, mobile and both. */
export type PerformanceDay = AgencyPerformance['days'][number];

export interface PerformancePeriod {
  /** First day (a day in Paris), included: a `YYYY-MM-DD` string, or a Date whose day in Paris is taken. */
  from?: Date | string;
  /** Last day, included; default today in Paris. Without `from`, the 28 days ending on it. At most 93 days. */
  to?: Date | string;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
const day = (value: Date | string) => (value instanceof Date ? parisDay.format(value) : value);

function periodQuery(period: PerformancePeriod) {
  return { ...(period.from !== undefined ? { from: day(period.from) } : {}), ...(period.to !== undefined ? { to: day(period.to) } : {}) };
}

/**
 * A listing's audience on the public site, one row per day (searchAppearances, detailViews,
 * leads, for desktop, mobile and both). Throws ListingSyncError on a bad period (400) or a
 * listing that is not the agency's (404).
 */
export async function listingPerformance(
  client: ListingSyncClient,
  serviceId: string,
  period: PerformancePeriod = {},
): Promise<ListingPerformance> {
  const { data, error, response } = await client.GET('/v1/listings/{serviceId}/performance', {
    params: { path: { serviceId }, query: periodQuery(period) },
  });
  if (!data) throw new ListingSyncError(response.status, error as ListingSyncError['problem'], 'listingPerformance');
  return data;
}

/** The daily totals of all the agency's listings, in the same shape. */
export async function agencyPerformance(client: ListingSyncClient, period: PerformancePeriod = {}): Promise<AgencyPerformance> {
  const { data, error, response } = await client.GET('/v1/performance', { params: { query: periodQuery(period) } });
  if (!data) throw new ListingSyncError(response.status, error as ListingSyncError['problem'], 'agencyPerformance');
  return data;
}
