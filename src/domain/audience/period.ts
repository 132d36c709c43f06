import { addDays, daysFromTo, isCalendarDay, parisDay } from '../../platform/calendar/paris-day.js';
import { refuse, type FieldError, type Outcome } from '../../platform/outcome.js';

/** The longest period one request reads: a quarter, rounded up. */
export const PERIOD_MAX_DAYS = 93;
/** The period shown when none is asked for: the last four weeks, today included. */
export const PERIOD_DEFAULT_DAYS = 28;
/** Daily rows are kept 13 months (docs/decisions.md §17). */
export const RETENTION_MONTHS = 13;

const FIRST_DAY = '0001-01-01';

export interface Period {
  from: string;
  to: string;
}

/**
 * The days a report covers, from `from` to `to` (both `YYYY-MM-DD`, Paris days, both
 * included). Without `to`, today; without `from`, the 28 days ending on `to`. Refused: a value
 * that is not a calendar day, `from` after `to`, more than 93 days.
 */
export function readPeriod(query: { from?: string; to?: string }, now: Date): Outcome<Period> {
  const errors: FieldError[] = [];
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isCalendarDay(value))
      errors.push({ field, message: `${field} must be a calendar date written YYYY-MM-DD, such as 2026-03-01 (got "${value}")` });
  }
  if (errors.length) return refusal(errors);
  const to = query.to ?? parisDay(now);
  const earliest = addDaysFloored(to, 1 - PERIOD_DEFAULT_DAYS);
  const from = query.from ?? earliest;
  const days = daysFromTo(from, to);
  if (days < 1) return refusal([{ field: 'from', message: `from (${from}) must not be after to (${to})` }]);
  if (days > PERIOD_MAX_DAYS)
    return refusal([
      { field: 'from', message: `the period from ${from} to ${to} spans ${days} days; at most ${PERIOD_MAX_DAYS} may be asked at once` },
    ]);
  return { ok: true, value: { from, to } };
}

/** `day` moved by `n` days, never before the first day of the calendar. */
function addDaysFloored(day: string, n: number): string {
  return daysFromTo(FIRST_DAY, day) + n >= 1 ? addDays(day, n) : FIRST_DAY;
}

const refusal = (errors: FieldError[]) =>
  refuse('validation_error', `The query is invalid: ${errors.map((e) => e.message).join('; ')}`, errors);

/** The last `days` Paris days, today included: what the pro space shows. */
export function lastDays(now: Date, days = PERIOD_DEFAULT_DAYS): Period {
  const to = parisDay(now);
  return { from: addDays(to, 1 - days), to };
}
