import { addDays, daysOf } from '../../platform/calendar/paris-day.js';
import type { Queryable } from '../../platform/db/database.js';
import type { ApiKeyRecord } from '../keys/key-store.js';
import { listKeys } from '../keys/key-store.js';
import { minuteOf, WINDOW_MINUTES } from '../quotas/limits.js';
import { dayOf, type RequestLogEntry } from '../../platform/request-log/request-log.js';

export interface KeyCard {
  key: ApiKeyRecord;
  /** Calls counted by the key's quota over the rolling 24 hours. */
  calls24h: number;
  limit: number;
}

/** The agency's keys with their 24-hour use, read from the quota's minute buckets (a few rows per key). */
export async function keyCards(db: Queryable, agencyId: string, now: Date, limits: { live: number; test: number }): Promise<KeyCard[]> {
  const keys = await listKeys(db, agencyId);
  if (keys.length === 0) return [];
  const { rows } = await db.query<{ subject: string; used: number }>(
    `SELECT subject, sum(used)::int AS used FROM quota_buckets WHERE subject = ANY($1::text[]) AND minute > $2 GROUP BY subject`,
    [keys.map((k) => `key:${k.id}`), minuteOf(now) - WINDOW_MINUTES],
  );
  const used = new Map(rows.map((r) => [r.subject, r.used]));
  return keys.map((key) => ({ key, calls24h: Math.max(0, used.get(`key:${key.id}`) ?? 0), limit: limits[key.env] }));
}

/**
 * The calls the agency's plan quota counted over the rolling 24 hours (its LIVE v1 calls), read
 * from the same minute buckets the quota takes from; 0 on a plan without a daily limit, which
 * keeps no such count.
 */
export async function planCalls24h(db: Queryable, agencyId: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ used: number | null }>(
    'SELECT sum(used)::int AS used FROM quota_buckets WHERE subject = $1 AND minute > $2',
    [`plan:${agencyId}:live`, minuteOf(now) - WINDOW_MINUTES],
  );
  return Math.max(0, rows[0]?.used ?? 0);
}

export interface DayFigures {
  day: string;
  requests: number;
  failures: number;
  latencyMsSum: number;
  listings: number;
}

export interface WeekPanel {
  days: DayFigures[];
  requests: number;
  /** Share of calls answered below 400, null without calls. */
  successRate: number | null;
  averageLatencyMs: number | null;
  listings: number;
}

/** The last 7 days (France's calendar, today included), from the daily roll-ups: at most 7 rows per key. */
export async function weekPanel(db: Queryable, agencyId: string, now: Date, keyId?: string): Promise<WeekPanel> {
  const today = dayOf(now);
  const days = daysOf(addDays(today, -6), today);
  const { rows } = await db.query<{ day: string; requests: number; failures: number; latency: number; listings: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(requests)::int AS requests, sum(failures)::int AS failures, sum(latency_ms_sum)::float8 AS latency, sum(listings)::int AS listings
     FROM request_daily WHERE agency_id = $1 AND day >= $2::date AND day <= $3::date AND ($4::text IS NULL OR key_id = $4) GROUP BY day`,
    [agencyId, days[0], days[6], keyId ?? null],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const figures = days.map((day) => {
    const r = byDay.get(day);
    return { day, requests: r?.requests ?? 0, failures: r?.failures ?? 0, latencyMsSum: r?.latency ?? 0, listings: r?.listings ?? 0 };
  });
  const requests = figures.reduce((s, d) => s + d.requests, 0);
  const failures = figures.reduce((s, d) => s + d.failures, 0);
  const latency = figures.reduce((s, d) => s + d.latencyMsSum, 0);
  return {
    days: figures,
    requests,
    successRate: requests ? (requests - failures) / requests : null,
    averageLatencyMs: requests ? latency / requests : null,
    listings: figures.reduce((s, d) => s + d.listings, 0),
  };
}

export type CallLine = Pick<RequestLogEntry, 'at' | 'keyId' | 'method' | 'path' | 'status' | 'errorCode' | 'latencyMs' | 'requestId'>;

export type StatusFilter = 'all' | 'success' | 'errors';
export const CALLS_PAGE = 25;

/** Recent calls, newest first, by key and status; `before` is the last line's cursor ("ms.requestId"). */
export async function recentCalls(
  db: Queryable,
  agencyId: string,
  options: { keyId?: string; status: StatusFilter; before?: string },
): Promise<{ lines: CallLine[]; next: string | null }> {
  const params: unknown[] = [agencyId, CALLS_PAGE + 1];
  let where = 'agency_id = $1';
  if (options.keyId) where += ` AND key_id = $${params.push(options.keyId)}`;
  if (options.status === 'success') where += ' AND status < 400';
  if (options.status === 'errors') where += ' AND status >= 400';
  if (options.before) {
    const [ms, requestId] = options.before.split('.', 2) as [string, string];
    where += ` AND (at, request_id) < ($${params.push(new Date(Number(ms)).toISOString())}::timestamptz, $${params.push(requestId)})`;
  }
  const { rows } = await db.query<{
    at: Date;
    key_id: string;
    method: string;
    path: string;
    status: number;
    error_code: string | null;
    latency_ms: number;
    request_id: string;
  }>(
    `SELECT at, key_id, method, path, status, error_code, latency_ms, request_id FROM request_log WHERE ${where} ORDER BY at DESC, request_id DESC LIMIT $2`,
    params,
  );
  const lines = rows.slice(0, CALLS_PAGE).map((r) => ({
    at: r.at,
    keyId: r.key_id,
    method: r.method,
    path: r.path,
    status: r.status,
    errorCode: r.error_code,
    latencyMs: r.latency_ms,
    requestId: r.request_id,
  }));
  const last = lines.at(-1);
  return { lines, next: rows.length > CALLS_PAGE && last ? `${last.at.getTime()}.${last.requestId}` : null };
}
export const CALLS_CURSOR_PATTERN = '^[0-9]{1,16}\\.[A-Za-z0-9_-]{1,64}$';
