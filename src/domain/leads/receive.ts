import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { appendChangeEvents } from '../events/outbox.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import type { MailSite } from '../mail/site.js';
import type { LeadInput } from './lead-input.js';
import { isBlocked } from './block-list.js';
import type { AgencyEnv } from '../tenant.js';
import { mailedListing, tellAgencyOfVisitorMessage, tellVisitor, type MailedListing } from './conversation-mails.js';
import type { PublicListing } from '../public-listings/model.js';
import { newVisitorLink } from './visitor-links.js';
import { hitVisitorLimits, type VisitorClient } from './visitor-limits.js';
import { findLeadThread } from './conversation-store.js';
import type { LeadThread } from './conversation-model.js';
import type { BeforeCommit } from '../../platform/idempotency/store.js';

export interface ReceivedLead {
  leadId: string;
  agencyId: string;
  serviceId: string;
  /** From a visitor the agency blocked: kept for the visitor, never shown to the agency nor counted in its audience. */
  withheld: boolean;
}

interface ConversationListing {
  scope: AgencyEnv;
  serviceId: string;
  externalId: string;
  /** The agency's own (masked) title, for its side when the listing is not public. */
  listingTitle: string;
  agencyName: string;
  /** As the public sees it; null for a sandbox listing, never public. */
  shown: MailedListing | null;
}

/**
 * A visitor's contact through the site's form (docs/decisions.md §12, §16) about a listing the
 * caller found public: it opens a conversation, in one transaction with its event and its mails,
 * after the visitor's limits (10 new messages an hour per address and per e-mail). The listing
 * as the public sees it comes from the caller's one read; only the agency's own names of it
 * (its externalId, its title) are read here, from the listing's row.
 */
export async function receiveLead(
  db: Database,
  listing: PublicListing,
  input: LeadInput,
  client: VisitorClient,
  site: MailSite,
): Promise<Outcome<ReceivedLead>> {
  const limited = await hitVisitorLimits(db, client, input.email);
  if (limited) return limited;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ external_id: string; public_title: string }>(
      'SELECT external_id, public_title FROM listings WHERE id = $1',
      [listing.serviceId],
    );
    const row = rows[0];
    if (!row) return notFound('Listing');
    const contacted: ConversationListing = {
      scope: { agencyId: listing.agencyId, env: 'live' },
      serviceId: listing.serviceId,
      externalId: row.external_id,
      listingTitle: row.public_title,
      agencyName: listing.agencyName,
      shown: mailedListing(listing, site),
    };
    return { ok: true, value: await openConversation(tx, contacted, input, site, client.now) };
  });
}

/**
 * `POST /sandbox/v1/leads`: a test conversation on one of the agency's sandbox listings, so a
 * CRM can try its leads import end to end. Its mails are kept in the mailbox, never sent to
 * the address given.
 */
export async function receiveSandboxLead(
  db: Database,
  agencyId: string,
  serviceId: string,
  input: LeadInput,
  now: Date,
  site: MailSite,
  beforeCommit?: BeforeCommit<LeadThread>,
): Promise<Outcome<LeadThread>> {
  return db.transaction(async (tx): Promise<Outcome<LeadThread>> => {
    const { rows } = await tx.query<{ external_id: string; public_title: string; agency_name: string }>(
      `SELECT l.external_id, l.public_title, a.name AS agency_name FROM listings l JOIN agencies a ON a.id = l.agency_id
       WHERE l.id = $1 AND l.agency_id = $2 AND l.env = 'test' AND l.deleted_at IS NULL`,
      [serviceId, agencyId],
    );
    const row = rows[0];
    if (!row) return notFound('Listing');
    const listing: ConversationListing = {
      scope: { agencyId, env: 'test' },
      serviceId,
      externalId: row.external_id,
      listingTitle: row.public_title,
      agencyName: row.agency_name,
      shown: null,
    };
    const { leadId } = await openConversation(tx, listing, input, site, now);
    const thread = (await findLeadThread(tx, listing.scope, leadId))!;
    await beforeCommit?.(tx, thread);
    return { ok: true, value: thread };
  });
}

/**
 * Opens the conversation: its first message, `lead.received` (the event exists if and only if
 * the lead does), the agency's mails, and the visitor's acknowledgement with the private link.
 * A visitor the agency blocked gets the same answer and mail; the agency learns nothing.
 */
async function openConversation(
  tx: Queryable,
  listing: ConversationListing,
  input: LeadInput,
  site: MailSite,
  now: Date,
): Promise<ReceivedLead> {
  const { scope } = listing;
  const withheld = await isBlocked(tx, scope.agencyId, input.email);
  const leadId = newId('lead', now.getTime());
  await tx.query(
    `INSERT INTO leads (id, agency_id, env, listing_id, external_id, name, email, phone, received_at, last_message_at, withheld)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)`,
    [leadId, scope.agencyId, scope.env, listing.serviceId, listing.externalId, input.name, input.email, input.phone, now, withheld],
  );
  await tx.query(`INSERT INTO lead_messages (id, lead_id, author, body, created_at, withheld) VALUES ($1, $2, 'visitor', $3, $4, $5)`, [
    newId('lmsg', now.getTime()),
    leadId,
    input.message,
    now,
    withheld,
  ]);
  const visitor = { name: input.name, email: input.email, phone: input.phone };
  if (!withheld) {
    const news = { scope, leadId, listingTitle: listing.listingTitle, listing: listing.shown, visitor, text: input.message, first: true };
    await tellAgencyOfVisitorMessage(tx, news, site, now);
  }
  const token = await newVisitorLink(tx, leadId, now);
  const ack = { scope, leadId, agencyName: listing.agencyName, listing: listing.shown, visitor, token, text: input.message };
  await tellVisitor(tx, { ...ack, kind: 'acknowledgement' }, site, now);
  if (!withheld) {
    // Last: from here to the commit the agency's clock is held (appendChangeEvents).
    const data = { agencyId: scope.agencyId, env: scope.env, leadId, serviceId: listing.serviceId, externalId: listing.externalId };
    await appendChangeEvents(tx, scope, [{ type: 'lead.received', listingId: listing.serviceId, data: { ...data, receivedAt: now } }], now);
  }
  return { leadId, agencyId: scope.agencyId, serviceId: listing.serviceId, withheld };
}
