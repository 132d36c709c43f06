import type { Queryable } from '../../platform/db/database.js';
import { daysOf, parisDay } from '../../platform/calendar/paris-day.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import type { AgencyEnv } from '../tenant.js';
import type { Device } from './device.js';
import { RETENTION_MONTHS, type Period } from './period.js';

/** The three counts of a day, a device or a period (docs/decisions.md §17). */
export interface AudienceCounts {
  /** Times the listing was shown on a results page or the home page. */
  searchAppearances: number;
  /** Times its public page answered 200 (from the page cache or not). */
  detailViews: number;
  /** Conversations visitors opened on it. */
  leads: number;
}

export interface AudienceDay extends Record<Device, AudienceCounts> {
  /** A Paris day, `YYYY-MM-DD`. */
  day: string;
  total: AudienceCounts;
}

/** Every day of the period in order, days without a visit included (all zeros), and the period's totals. */
export interface AudienceReport extends Period {
  days: AudienceDay[];
  total: AudienceCounts;
}

interface CountRow {
  day: string;
  device: Device;
  search_appearances: number;
  detail_views: number;
  leads: number;
}

const zero = (): AudienceCounts => ({ searchAppearances: 0, detailViews: 0, leads: 0 });

function add(into: AudienceCounts, row: Pick<CountRow, 'search_appearances' | 'detail_views' | 'leads'>) {
  into.searchAppearances += row.search_appearances;
  into.detailViews += row.detail_views;
  into.leads += row.leads;
}

/** Sums come back as float8: exact to 2^53, and a number with both drivers (bigint would be a string). */
const COUNT_COLUMNS = `to_char(day, 'YYYY-MM-DD') AS day, device, sum(search_appearances)::float8 AS search_appearances,
  sum(detail_views)::float8 AS detail_views, sum(leads)::float8 AS leads`;

function report(period: Period, rows: CountRow[]): AudienceReport {
  const byDay = new Map(daysOf(period.from, period.to).map((day) => [day, { day, desktop: zero(), mobile: zero(), total: zero() }]));
  const total = zero();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    add(day[row.device], row);
    add(day.total, row);
    add(total, row);
  }
  return { ...period, days: [...byDay.values()], total };
}

/**
 * One listing's audience, day by day. Another agency's listing, a deleted one or one of the
 * other environment is not found, as everywhere. A sandbox listing is never public: all zeros.
 */
export async function listingAudience(
  db: Queryable,
  scope: AgencyEnv,
  serviceId: string,
  period: Period,
): Promise<Outcome<AudienceReport>> {
  const { rows: owned } = await db.query(`SELECT 1 FROM listings WHERE id = $1 AND agency_id = $2 AND env = $3 AND deleted_at IS NULL`, [
    serviceId,
    scope.agencyId,
    scope.env,
  ]);
  if (owned.length === 0) return notFound('Listing');
  const { rows } = await db.query<CountRow>(
    `SELECT ${COUNT_COLUMNS} FROM listing_audience
     WHERE listing_id = $1 AND agency_id = $2 AND day BETWEEN $3::date AND $4::date GROUP BY day, device`,
    [serviceId, scope.agencyId, period.from, period.to],
  );
  return { ok: true, value: report(period, rows) };
}

/** The agency's daily totals over all its listings. Only live listings are on the site: the sandbox's are zeros. */
export async function agencyAudience(db: Queryable, scope: AgencyEnv, period: Period): Promise<AudienceReport> {
  if (scope.env !== 'live') return report(period, []);
  const { rows } = await db.query<CountRow>(
    `SELECT ${COUNT_COLUMNS} FROM listing_audience WHERE agency_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY day, device`,
    [scope.agencyId, period.from, period.to],
  );
  return report(period, rows);
}

/** The period's totals of each of these listings of the agency (the pro space's listings table); absent ones had none. */
export async function audienceByListing(
  db: Queryable,
  agencyId: string,
  serviceIds: readonly string[],
  period: Period,
): Promise<Map<string, AudienceCounts>> {
  if (serviceIds.length === 0) return new Map();
  const { rows } = await db.query<Omit<CountRow, 'day' | 'device'> & { listing_id: string }>(
    `SELECT listing_id, sum(search_appearances)::float8 AS search_appearances, sum(detail_views)::float8 AS detail_views,
       sum(leads)::float8 AS leads
     FROM listing_audience WHERE listing_id = ANY($1::text[]) AND agency_id = $2 AND day BETWEEN $3::date AND $4::date
     GROUP BY listing_id`,
    [serviceIds, agencyId, period.from, period.to],
  );
  return new Map(
    rows.map((row) => {
      const counts = zero();
      add(counts, row);
      return [row.listing_id, counts];
    }),
  );
}

/** The first day still kept on `today`: 13 months back. */
export function firstKeptDay(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const back = new Date(0);
  back.setUTCFullYear(year, month - 1 - RETENTION_MONTHS, 1);
  // The same day of the month, or the month's last when it is shorter (31 March → 28 February).
  const lastOfMonth = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(day, lastOfMonth));
  return back.toISOString().slice(0, 10);
}

/** Deletes the daily rows older than 13 months; returns how many went. */
export async function purgeAudience(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM listing_audience WHERE day < $1::date', [firstKeptDay(parisDay(now))]);
  return rowCount;
}

/** Rows past the retention go once a day. */
export const audienceJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'audience.purge', everyMs: 24 * HOUR_MS, run: async () => void (await purgeAudience(db, now())) },
];
