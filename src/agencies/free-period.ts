/**
 * Spec part 8, read so that both of its sentences hold: free for the first 12 months, paid
 * conditions from the first 1 May at least 12 months after joining.
 */
export function paidFrom(joinedAt: Date): Date {
  const anniversary = new Date(Date.UTC(joinedAt.getUTCFullYear() + 1, joinedAt.getUTCMonth(), joinedAt.getUTCDate()));
  const mayFirst = new Date(Date.UTC(anniversary.getUTCFullYear(), 4, 1));
  return mayFirst >= anniversary ? mayFirst : new Date(Date.UTC(anniversary.getUTCFullYear() + 1, 4, 1));
}
