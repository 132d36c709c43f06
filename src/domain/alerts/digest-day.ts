import { addDays, parisClock } from '../../platform/calendar/paris-day.js';
import { DAILY_MAIL_HOUR } from '../mail/daily-hour.js';

/**
 * The days of the daily alert mail, at 08:00 in Paris as the agencies' digest (the hour of daily
 * mails is `DAILY_MAIL_HOUR`). A match found before 08:00 goes out that morning, one found from
 * 08:00 the next: each mail carries the day's new listings.
 */

/** The Paris day (`YYYY-MM-DD`) whose 08:00 mail carries what is found at `at`. */
export function digestDayFor(at: Date): string {
  const { day, hour } = parisClock(at);
  return hour < DAILY_MAIL_HOUR ? day : addDays(day, 1);
}

/** The last Paris day whose 08:00 has come at `now`: matches due that day or before are sent. */
export function lastDigestDay(now: Date): string {
  const { day, hour } = parisClock(now);
  return hour >= DAILY_MAIL_HOUR ? day : addDays(day, -1);
}
