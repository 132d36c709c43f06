import type { Database } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import type { MailSite } from '../mail/site.js';
import { findPublicListings } from '../public-listings/find.js';
import type { PublicListing } from '../public-listings/model.js';
import type { AlertFrequency } from './alert-model.js';
import { newAlertLinks } from './alert-links.js';
import { listingsMail } from './alert-mails.js';

/** Alerts one transaction mails: their matches, listings, links and mails are written together. */
const BATCH = 200;

/** Which waiting matches are due: the immediate ones, or the daily ones of digests up to a Paris day. */
export type Due = { kind: 'immediate' } | { kind: 'daily'; through: string };

/**
 * Writes the mails of the alerts with due matches (docs/decisions.md §18): one mail per alert
 * with all its new listings, in the transaction that takes its matches away, so a listing is
 * mailed once whatever process runs this. Listings are read now through the public projection:
 * one that left the site meanwhile is not mailed, and an alert left with none gets no mail.
 * Returns the number of mails written.
 */
export async function sendDueAlertMails(db: Database, due: Due, now: Date, site: MailSite): Promise<number> {
  let mails = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const condition = due.kind === 'immediate' ? 'due_day IS NULL' : 'due_day <= $2::date';
      const { rows: taken } = await tx.query<{
        alert_id: string;
        listing_ids: string[];
        email: string;
        frequency: AlertFrequency;
        label: string;
        path: string;
      }>(
        `WITH taken AS (
           DELETE FROM alert_pending WHERE alert_id IN (
             SELECT alert_id FROM alert_pending WHERE ${condition} ORDER BY alert_id LIMIT $1 FOR UPDATE SKIP LOCKED)
           RETURNING alert_id, listing_ids)
         SELECT t.alert_id, t.listing_ids, a.email, a.frequency, s.label, s.path
         FROM taken t JOIN alerts a ON a.id = t.alert_id JOIN alert_searches s ON s.id = a.search_id ORDER BY t.alert_id`,
        due.kind === 'immediate' ? [BATCH] : [BATCH, due.through],
      );
      if (taken.length === 0) return { alerts: 0, mails: 0 };
      const listings = new Map(
        (await findPublicListings(tx, [...new Set(taken.flatMap((t) => t.listing_ids))])).map((l) => [l.serviceId, l]),
      );
      const mailed = taken
        .map((alert) => ({ alert, shown: [...new Set(alert.listing_ids)].flatMap((id) => listings.get(id) ?? []).sort(byNewest) }))
        .filter(({ shown }) => shown.length > 0);
      const tokens = await newAlertLinks(
        tx,
        mailed.map(({ alert }) => ({ kind: 'manage' as const, email: alert.email, alertId: Number(alert.alert_id) })),
        now,
      );
      for (const [i, { alert, shown }] of mailed.entries())
        // Alerts leave after the mails a person is waiting for (docs/operations.md, "Mail").
        await enqueueMail(tx, listingsMail(alert, shown, { manageToken: tokens[i]! }, site), {
          from: site.mailFrom,
          now,
          priority: 'bulk',
        });
      return { alerts: taken.length, mails: mailed.length };
    });
    mails += batch.mails;
    if (batch.alerts < BATCH) return mails;
  }
}

const byNewest = (a: PublicListing, b: PublicListing) =>
  b.firstPublishedAt.getTime() - a.firstPublishedAt.getTime() || (a.serviceId < b.serviceId ? 1 : -1);
