import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { appendEvents } from '../events/outbox.js';
import { advanceClock, eventPosition } from '../events/change-clock.js';
import { notFound, refuse, type Outcome } from '../../platform/outcome.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import type { LeadInput } from './lead-input.js';
import { findPublicListing } from '../public-listings/find.js';
import { notifyAgencyOfLead, type MailSite } from './lead-notification.js';

/** Messages one client may send through the contact forms: 5 an hour. */
export const CONTACT_LIMIT: ClientLimit = { action: 'contact', limit: 5, periodMs: 60 * 60_000 };

export interface ReceivedLead {
  leadId: string;
  agencyId: string;
  serviceId: string;
}

/**
 * Stores a visitor's message about a public listing and emits `lead.received` into the event
 * outbox in the same transaction, so the event exists if and only if the lead does. The
 * event carries ids only: the agency reads the message itself in its pro space. The agency's
 * pro users are e-mailed in that transaction too (docs/decisions.md §16).
 */
export async function receiveLead(
  db: Database,
  serviceId: string,
  input: LeadInput,
  client: { address: string; now: Date },
  site: MailSite,
): Promise<Outcome<ReceivedLead>> {
  const limit = await hitClientLimit(db, CONTACT_LIMIT, client.address, client.now);
  if (!limit.allowed) {
    return refuse('rate_limit_exceeded', 'Too many messages from this client', undefined, {
      'retry-after': String(limit.retryAfterSeconds),
    });
  }
  return db.transaction(async (tx) => {
    // Only a listing the public may see takes messages; its externalId goes to the agency.
    const { rows } = await tx.query<{ agency_id: string; external_id: string }>(
      `SELECT p.agency_id, l.external_id FROM public_listings p JOIN listings l ON l.id = p.id WHERE p.id = $1`,
      [serviceId],
    );
    const listing = rows[0];
    if (!listing) return notFound('Listing');
    // The event's position: one sequence number of the agency's live scope, taken under its lock.
    const scope = { agencyId: listing.agency_id, env: 'live' } as const;
    const lastSeq = await advanceClock(tx, scope, 1);
    const leadId = newId('lead', client.now.getTime());
    const receivedAt = client.now.toISOString();
    await tx.query(
      `INSERT INTO leads (id, agency_id, env, listing_id, external_id, name, email, phone, message, received_at)
       VALUES ($1, $2, 'live', $3, $4, $5, $6, $7, $8, $9)`,
      [leadId, listing.agency_id, serviceId, listing.external_id, input.name, input.email, input.phone, input.message, client.now],
    );
    const data = { agencyId: listing.agency_id, env: 'live', leadId, serviceId, externalId: listing.external_id, receivedAt };
    await appendEvents(
      tx,
      scope,
      [{ position: eventPosition(lastSeq + 1, 0), type: 'lead.received', listingId: serviceId, data }],
      client.now,
    );
    const shown = await findPublicListing(tx, serviceId);
    if (shown.kind === 'public')
      await notifyAgencyOfLead(tx, { agencyId: listing.agency_id, listing: shown.listing, input }, site, client.now);
    return { ok: true, value: { leadId, agencyId: listing.agency_id, serviceId } };
  });
}
