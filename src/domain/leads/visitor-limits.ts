import type { Queryable } from '../../platform/db/database.js';
import { refuse, type Refusal } from '../../platform/outcome.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { normaliseEmail } from '../credentials/email.js';

/** New messages from one address (IP): 10 an hour, contacts and replies alike (docs/decisions.md §16). */
export const CONTACT_LIMIT: ClientLimit = { action: 'contact', limit: 10, periodMs: 60 * 60_000 };

/** New messages signed with one visitor e-mail, from whatever address: 10 an hour. */
export const CONTACT_EMAIL_LIMIT: ClientLimit = { action: 'contact-email', limit: 10, periodMs: 60 * 60_000 };

/** A visitor sending a message: from where, when, and how many an hour the service allows (`SITE_CONTACTS_PER_HOUR`, 10 by default). */
export interface VisitorClient {
  address: string;
  now: Date;
  perHour?: number;
}

/**
 * Counts one visitor message against both limits; the refusal says when to try again. Both are
 * counted even when the first refuses, so a client switching addresses stays limited by e-mail.
 */
export async function hitVisitorLimits(db: Queryable, client: VisitorClient, email: string): Promise<Refusal | null> {
  const limit = client.perHour ?? CONTACT_LIMIT.limit;
  const byAddress = await hitClientLimit(db, { ...CONTACT_LIMIT, limit }, client.address, client.now);
  const byEmail = await hitClientLimit(db, { ...CONTACT_EMAIL_LIMIT, limit }, normaliseEmail(email), client.now);
  const waits = [byAddress, byEmail].flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  if (waits.length === 0) return null;
  return refuse('rate_limit_exceeded', 'Too many messages from this visitor', undefined, { 'retry-after': String(Math.max(...waits)) });
}
