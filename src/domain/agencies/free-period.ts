import { parisDay } from '../../platform/calendar/paris-day.js';

/**
 * The free period (docs/decisions.md §13), read so that both of its sentences hold: free for the
 * first 12 months, paid conditions from the first 1 May at least 12 months after joining. The joining day is the
 * agency's day in France: an agency that joins on 2 May at 00:30 in Paris (still 1 May in UTC)
 * has joined on 2 May.
 */
export function paidFrom(joinedAt: Date): Date {
  const [year, month, day] = parisDay(joinedAt).split('-').map(Number) as [number, number, number];
  const anniversary = new Date(Date.UTC(year + 1, month - 1, day));
  const mayFirst = new Date(Date.UTC(anniversary.getUTCFullYear(), 4, 1));
  return mayFirst >= anniversary ? mayFirst : new Date(Date.UTC(anniversary.getUTCFullYear() + 1, 4, 1));
}
