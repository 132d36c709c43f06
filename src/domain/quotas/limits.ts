import { PLAN_DAILY_REQUESTS, type Plan } from '../agencies/plans.js';
import type { KeyEnv } from '../keys/key-format.js';

/** Quota arithmetic (docs/decisions.md §4): pure functions, no I/O. */

export const WINDOW_MINUTES = 24 * 60;

export const KEY_LIMITS: Record<KeyEnv, number> = { live: 10_000, test: 1_000 };

export interface QuotaSubject {
  /** `key:<keyId>` or `plan:<agencyId>:<env>`. */
  id: string;
  name: 'key' | 'plan';
  limit: number;
}

export function subjectsFor(input: {
  keyId: string;
  agencyId: string;
  env: KeyEnv;
  plan: Plan;
  onV1: boolean;
  keyLimits?: Record<KeyEnv, number>;
}): QuotaSubject[] {
  const subjects: QuotaSubject[] = [{ id: `key:${input.keyId}`, name: 'key', limit: (input.keyLimits ?? KEY_LIMITS)[input.env] }];
  const planLimit = PLAN_DAILY_REQUESTS[input.plan];
  if (input.onV1 && planLimit !== null) subjects.push({ id: `plan:${input.agencyId}:${input.env}`, name: 'plan', limit: planLimit });
  // Sorted, so that every process takes the advisory locks in the same order.
  return subjects.sort((a, b) => (a.id < b.id ? -1 : 1));
}

export const minuteOf = (date: Date) => Math.floor(date.getTime() / 60_000);

/** Unix seconds at which the oldest counted minute leaves the rolling window. */
export function resetAt(oldestMinute: number | null, nowMinute: number): number {
  return ((oldestMinute ?? nowMinute) + WINDOW_MINUTES) * 60;
}

/**
 * Calls a process may reserve at once for a subject. Far from the limit, blocks spare the
 * database a round-trip per call; within the last `exactZone` calls the answer is 0 and
 * every call is decided by the database, so the limit is never exceeded nor refused early.
 */
export function blockSize(limit: number, usedInDb: number, maxBlock = 1000): number {
  const exactZone = Math.min(limit, 1000);
  const spare = limit - usedInDb - exactZone;
  return spare <= 0 ? 0 : Math.min(maxBlock, Math.floor(spare / 8));
}

export interface QuotaState {
  name: 'key' | 'plan';
  limit: number;
  used: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
}

/** The quota shown in the headers: the one with the fewest calls left (then the smaller limit). */
export function tightest(states: readonly QuotaState[]): QuotaState {
  return [...states].sort((a, b) => a.remaining - b.remaining || a.limit - b.limit)[0]!;
}

/** IETF draft-ietf-httpapi-ratelimit-headers policy field: constant for a set of subjects. */
export function policyHeader(subjects: readonly Pick<QuotaSubject, 'name' | 'limit'>[]): string {
  return subjects.map((s) => `"${s.name}";q=${s.limit};w=${WINDOW_MINUTES * 60}`).join(', ');
}

export function rateLimitHeaders(states: readonly QuotaState[], nowSeconds: number, policy = policyHeader(states)): Record<string, string> {
  const shown = states.length === 1 ? states[0]! : tightest(states);
  return {
    'x-ratelimit-limit': String(shown.limit),
    'x-ratelimit-remaining': String(Math.max(0, shown.remaining)),
    'x-ratelimit-reset': String(shown.reset),
    'ratelimit-policy': policy,
    ratelimit: `"${shown.name}";r=${Math.max(0, shown.remaining)};t=${Math.max(0, shown.reset - nowSeconds)}`,
  };
}
