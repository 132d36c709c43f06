import type { Queryable } from '../../platform/db/database.js';
import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';
import type { AlertFrequency } from './alert-model.js';

/**
 * The private links of alert mails (docs/decisions.md §18): 256 random bits each
 * (credentials/link-secret.ts), only their hash stored. Since a hash cannot be turned back into
 * a link, every mail carries fresh ones. A `confirm` link confirms one alert at the frequency
 * asked for; a `manage` link opens the page of its address's alerts and unsubscribes, in one
 * POST, the alert its mail was about.
 */

export type AlertLinkKind = 'confirm' | 'manage';

export interface NewAlertLink {
  kind: AlertLinkKind;
  email: string;
  alertId: number;
  /** The frequency a confirmation sets (confirm links). */
  frequency?: AlertFrequency;
}

/** Manage links last this long: a year-old mail's page still opens. */
export const MANAGE_LINK_DAYS = 400;
/** Confirmation links are kept past their expiry, so that an old one says "expired" rather than "unknown". */
export const CONFIRM_LINK_KEPT_DAYS = 30;

/** Writes the links in one statement; their tokens, in the same order. */
export async function newAlertLinks(tx: Queryable, links: readonly NewAlertLink[], now: Date): Promise<string[]> {
  const tokens = links.map(() => newLinkSecret());
  if (links.length === 0) return tokens;
  await tx.query(
    `INSERT INTO alert_links (token_hash, kind, email, alert_id, frequency, created_at)
     SELECT l.token_hash, l.kind, l.email, l.alert_id, l.frequency, $6
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[]) AS l(token_hash, kind, email, alert_id, frequency)`,
    [
      tokens.map(hashLinkSecret),
      links.map((l) => l.kind),
      links.map((l) => l.email),
      links.map((l) => l.alertId),
      links.map((l) => l.frequency ?? null),
      now,
    ],
  );
  return tokens;
}

export interface AlertLink {
  email: string;
  /** Null once the alert is deleted (unsubscribed, deleted from the page, purged unconfirmed). */
  alertId: number | null;
  frequency: AlertFrequency | null;
  createdAt: Date;
}

/** The link of this kind behind `token`, or null for a token never made (or tampered with, or purged). */
export async function followAlertLink(db: Queryable, token: string, kind: AlertLinkKind): Promise<AlertLink | null> {
  if (!LINK_SECRET_PATTERN.test(token)) return null;
  const { rows } = await db.query<{ email: string; alert_id: string | number | null; frequency: AlertFrequency | null; created_at: Date }>(
    'SELECT email, alert_id, frequency, created_at FROM alert_links WHERE token_hash = $1 AND kind = $2',
    [hashLinkSecret(token), kind],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    email: row.email,
    alertId: row.alert_id === null ? null : Number(row.alert_id),
    frequency: row.frequency,
    createdAt: new Date(row.created_at),
  };
}
