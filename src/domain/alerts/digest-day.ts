import { DIGEST_HOUR, parisClock } from '../leads/digest.js';

/**
 * The days of the daily alert mail, at 08:00 Europe/Paris as the agencies' digest
 * (leads/digest.tsx owns the hour and the Paris clock). A match found before 08:00 goes out
 * that morning, one found from 08:00 the next: each mail carries the day's new listings.
 */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Paris day (`YYYY-MM-DD`) whose 08:00 mail carries what is found at `at`. */
export function digestDayFor(at: Date): string {
  const { day, hour } = parisClock(at);
  return hour < DIGEST_HOUR ? day : addDays(day, 1);
}

/** The last Paris day whose 08:00 has come at `now`: matches due that day or before are sent. */
export function lastDigestDay(now: Date): string {
  const { day, hour } = parisClock(now);
  return hour >= DIGEST_HOUR ? day : addDays(day, -1);
}
