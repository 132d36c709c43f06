import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { refuse, type Refusal } from '../outcome.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../jobs/periodic.js';

/**
 * Idempotency-Key on POST, PUT, PATCH and DELETE (beyond the spec, as payment APIs do it):
 * the same key with the same request replays the first answer for 24 hours, across
 * processes; the same key with another request is 409 conflict. A retry after a timeout
 * therefore never creates or updates twice. Server faults are not kept, so they can be retried.
 */
const WINDOW_MS = 24 * 3600 * 1000;
const ABANDONED_MS = 2 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A retry that finds the first request still running may try again shortly: clients retry a 409 that carries Retry-After. */
const RETRY_SOON = { 'retry-after': '1' };

/** Headers of a first answer that a replay sends again. */
export const REPLAYED_HEADERS = ['etag', 'location'];

export interface IdempotencyScope {
  agencyId: string;
  env: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: string;
}

export function checkIdempotencyKey(key: string): Refusal | null {
  if (KEY_PATTERN.test(key)) return null;
  const message = 'Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is a good choice)';
  return refuse('validation_error', message, [{ field: 'Idempotency-Key', message }]);
}

export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(method)
    .update('\u0000')
    .update(url)
    .update('\u0000')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

/**
 * Claims the key for this request, or finds the answer to replay. `claimed` means the
 * request runs and its answer is kept with `keepAnswer` (or the claim dropped with `release`).
 */
export async function claimIdempotencyKey(
  db: Queryable,
  scope: IdempotencyScope,
  fingerprint: string,
  now: Date,
): Promise<{ kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer } | Refusal> {
  // Expired entries, and claims abandoned by a process that died mid-request, count as absent.
  await db.query(
    `DELETE FROM idempotency_keys WHERE agency_id = $1 AND env = $2 AND key = $3
     AND (created_at < $4 OR (status IS NULL AND created_at < $5))`,
    [
      scope.agencyId,
      scope.env,
      scope.key,
      new Date(now.getTime() - WINDOW_MS).toISOString(),
      new Date(now.getTime() - ABANDONED_MS).toISOString(),
    ],
  );
  const inserted = await db.query(
    `INSERT INTO idempotency_keys (agency_id, env, key, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [scope.agencyId, scope.env, scope.key, fingerprint, now.toISOString()],
  );
  if (inserted.rowCount === 1) return { kind: 'claimed' };
  const { rows } = await db.query<{
    fingerprint: string;
    status: number | null;
    content_type: string | null;
    headers: Record<string, string> | null;
    body: string | null;
  }>('SELECT fingerprint, status, content_type, headers, body FROM idempotency_keys WHERE agency_id = $1 AND env = $2 AND key = $3', [
    scope.agencyId,
    scope.env,
    scope.key,
  ]);
  const stored = rows[0];
  if (!stored) return refuse('conflict', 'This Idempotency-Key is being processed; retry in a moment', undefined, RETRY_SOON);
  if (stored.fingerprint !== fingerprint) {
    return refuse('conflict', 'This Idempotency-Key was already used with a different request; use a new key for a new request');
  }
  if (stored.status === null)
    return refuse('conflict', 'A request with this Idempotency-Key is still in progress; retry in a moment', undefined, RETRY_SOON);
  return {
    kind: 'replay',
    answer: { status: stored.status, contentType: stored.content_type ?? '', headers: stored.headers ?? {}, body: stored.body ?? '' },
  };
}

/**
 * A step a write runs in its own transaction, with what it wrote, just before it commits: the
 * Idempotency-Key's answer is kept there (`answerInWrite`, src/edge/http/plugins/idempotency.ts),
 * so that a process dying between the commit and the answer leaves the answer to replay, not a
 * claim that lapses and lets a retry write (and mail) again.
 */
export type BeforeCommit<T> = (tx: Queryable, value: T) => Promise<void>;

export async function keepAnswer(db: Queryable, scope: IdempotencyScope, answer: StoredAnswer) {
  await db.query(
    'UPDATE idempotency_keys SET status = $4, content_type = $5, headers = $6, body = $7 WHERE agency_id = $1 AND env = $2 AND key = $3',
    [scope.agencyId, scope.env, scope.key, answer.status, answer.contentType, JSON.stringify(answer.headers), answer.body],
  );
}

/** Drops a claim, so that the request can be retried (after a server fault). */
export async function releaseIdempotencyKey(db: Queryable, scope: IdempotencyScope) {
  await db.query('DELETE FROM idempotency_keys WHERE agency_id = $1 AND env = $2 AND key = $3', [scope.agencyId, scope.env, scope.key]);
}

/** Entries older than the replay window, removed by a periodic job (see createServices). */
export async function purgeIdempotencyKeys(db: Queryable, now: Date) {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [new Date(now.getTime() - WINDOW_MS).toISOString()]);
}

export const idempotencyJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'idempotency.purge', everyMs: HOUR_MS, run: () => purgeIdempotencyKeys(db, now()) },
];
