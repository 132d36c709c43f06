import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../jobs/periodic.js';

/**
 * Limits on what one client (an IP address) may do through public forms, counted in
 * PostgreSQL so that they hold across every server process. Hits are kept per ten-minute
 * window; a limit covers the current window and the previous ones within its period. A hit
 * past the limit is still counted, so a client that keeps trying stays refused.
 */
const WINDOW_MS = 10 * 60_000;

export interface ClientLimit {
  /** What is limited, e.g. "contact". */
  action: string;
  /** Hits allowed per period. */
  limit: number;
  /** A whole number of ten-minute windows. */
  periodMs: number;
}

/** A refusal says whether it is the first of its streak (the hit just past the limit), which a caller may report once. */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; firstRefusal: boolean };

/** The client's bucket: a hash of its address, so no address is stored. */
export const clientBucket = (action: string, address: string) =>
  `${action}:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;

export async function hitClientLimit(db: Queryable, rule: ClientLimit, address: string, now: Date): Promise<LimitDecision> {
  const windowStart = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
  const since = windowStart - rule.periodMs + WINDOW_MS;
  const bucket = clientBucket(rule.action, address);
  // The upsert takes the window row's lock, so concurrent hits of one client are counted one by one.
  const { rows } = await db.query<{ hits: number; oldest: Date | null }>(
    `WITH hit AS (
       INSERT INTO site_rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = site_rate_limits.hits + 1
       RETURNING hits)
     SELECT (SELECT hits FROM hit) + coalesce(sum(hits), 0)::int AS hits, min(window_start) AS oldest
     FROM site_rate_limits WHERE bucket = $1 AND window_start >= $3 AND window_start < $2`,
    [bucket, new Date(windowStart), new Date(since)],
  );
  const { hits, oldest } = rows[0]!;
  if (hits <= rule.limit) return { allowed: true };
  // The count falls when its oldest window leaves the period.
  const oldestStart = oldest ? oldest.getTime() : windowStart;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldestStart + rule.periodMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds, firstRefusal: hits === rule.limit + 1 };
}

/**
 * Takes back a hit counted at `now` (the same instant given to hitClientLimit), for limits
 * that count failures only: an attempt is counted before it is judged, so concurrent attempts
 * cannot all slip under the limit, and a success gives its hit back.
 */
export async function releaseClientHit(db: Queryable, rule: ClientLimit, address: string, now: Date): Promise<void> {
  const windowStart = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
  await db.query('UPDATE site_rate_limits SET hits = hits - 1 WHERE bucket = $1 AND window_start = $2 AND hits > 0', [
    clientBucket(rule.action, address),
    new Date(windowStart),
  ]);
}

/** Forgets every hit of one client against one limit (a successful sign-in clears the account's failures). */
export async function clearClientLimit(db: Queryable, rule: ClientLimit, address: string): Promise<void> {
  await db.query('DELETE FROM site_rate_limits WHERE bucket = $1', [clientBucket(rule.action, address)]);
}

/** Windows older than a day are of no use to any limit. */
export async function purgeClientLimits(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM site_rate_limits WHERE window_start < $1', [new Date(now.getTime() - 24 * 3_600_000)]);
}

export const clientLimitJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'client-limits.purge', everyMs: HOUR_MS, run: () => purgeClientLimits(db, now()) },
];
