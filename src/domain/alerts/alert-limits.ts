import type { Queryable } from '../../platform/db/database.js';
import { refuse, type Refusal } from '../../platform/outcome.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';

/** Alert requests from one address (IP): 10 an hour (docs/decisions.md §18). */
export const ALERT_REQUEST_LIMIT: ClientLimit = { action: 'alert', limit: 10, periodMs: 60 * 60_000 };

/**
 * Confirmation mails to one e-mail address, from whatever IP: 10 an hour. A form cannot be
 * turned into a way of flooding someone's mailbox with confirmation requests.
 */
export const ALERT_EMAIL_LIMIT: ClientLimit = { action: 'alert-email', limit: 10, periodMs: 60 * 60_000 };

/**
 * Counts one alert request against both limits (the e-mail already normalised); the refusal
 * says when to try again. Both are counted even when the first refuses, as for messages.
 */
export async function hitAlertLimits(db: Queryable, request: { address: string; email: string }, now: Date): Promise<Refusal | null> {
  const byAddress = await hitClientLimit(db, ALERT_REQUEST_LIMIT, request.address, now);
  const byEmail = await hitClientLimit(db, ALERT_EMAIL_LIMIT, request.email, now);
  const waits = [byAddress, byEmail].flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  if (waits.length === 0) return null;
  return refuse('rate_limit_exceeded', 'Too many alert requests', undefined, { 'retry-after': String(Math.max(...waits)) });
}
