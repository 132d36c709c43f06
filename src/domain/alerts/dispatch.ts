import type { Database } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import type { MailSite } from '../leads/conversation-mails.js';
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
      const params = due.kind === 'immediate' ? [] : [due.through];
      const { rows: alerts } = await tx.query<{ id: string; email: string; frequency: AlertFrequency; label: string; path: string }>(
        `SELECT a.id, a.email, a.frequency, s.label, s.path FROM alerts a JOIN alert_searches s ON s.id = a.search_id
         WHERE a.id IN (SELECT DISTINCT alert_id FROM alert_matches WHERE ${condition} LIMIT $1)
         ORDER BY a.id FOR UPDATE OF a SKIP LOCKED`,
        [BATCH, ...params],
      );
      if (alerts.length === 0) return { alerts: 0, mails: 0 };
      const { rows: taken } = await tx.query<{ alert_id: string; listing_id: string }>(
        `DELETE FROM alert_matches WHERE alert_id = ANY($1::bigint[]) AND ${condition} RETURNING alert_id, listing_id`,
        [alerts.map((a) => a.id), ...params],
      );
      const listings = new Map((await findPublicListings(tx, [...new Set(taken.map((m) => m.listing_id))])).map((l) => [l.serviceId, l]));
      const news = new Map<string, PublicListing[]>();
      for (const match of taken) {
        const listing = listings.get(match.listing_id);
        if (listing) news.set(match.alert_id, [...(news.get(match.alert_id) ?? []), listing]);
      }
      const mailed = alerts.filter((a) => news.has(a.id));
      const tokens = await newAlertLinks(
        tx,
        mailed.map((a) => ({ kind: 'manage' as const, email: a.email, alertId: Number(a.id) })),
        now,
      );
      for (const [i, alert] of mailed.entries()) {
        const newestFirst = news.get(alert.id)!.sort(byNewest);
        const mail = listingsMail(alert, newestFirst, { manageToken: tokens[i]! }, site);
        await enqueueMail(tx, mail, { from: site.mailFrom, now });
      }
      return { alerts: alerts.length, mails: mailed.length };
    });
    mails += batch.mails;
    if (batch.alerts < BATCH) return mails;
  }
}

const byNewest = (a: PublicListing, b: PublicListing) =>
  b.firstPublishedAt.getTime() - a.firstPublishedAt.getTime() || (a.serviceId < b.serviceId ? 1 : -1);
