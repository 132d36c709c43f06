/** The calendar day in France (Europe/Paris) of an instant, as [year, month 0–11, day]. */
function frenchDay(instant: Date): [number, number, number] {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(instant)
    .split('-')
    .map(Number);
  return [year!, month! - 1, day!];
}

/**
 * Spec part 8, read so that both of its sentences hold: free for the first 12 months, paid
 * conditions from the first 1 May at least 12 months after joining. The joining day is the
 * agency's day in France: an agency that joins on 2 May at 00:30 in Paris (still 1 May in UTC)
 * has joined on 2 May.
 */
export function paidFrom(joinedAt: Date): Date {
  const [year, month, day] = frenchDay(joinedAt);
  const anniversary = new Date(Date.UTC(year + 1, month, day));
  const mayFirst = new Date(Date.UTC(anniversary.getUTCFullYear(), 4, 1));
  return mayFirst >= anniversary ? mayFirst : new Date(Date.UTC(anniversary.getUTCFullYear() + 1, 4, 1));
}
