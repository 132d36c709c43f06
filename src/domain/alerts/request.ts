import type { Database, Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { refuse, refuseFields, type Outcome } from '../../platform/outcome.js';
import { unstorableTextReason } from '../../platform/validation/storable.js';
import { isEmailAddress, normaliseEmail } from '../credentials/email.js';
import type { MailSite } from '../mail/site.js';
import { SAVED_SEARCH_COLUMNS, savedSearchKey, savedSearchParams, savedSearchValuesSql } from '../public-listings/saved-search.js';
import { ALERTS_PER_ADDRESS, isAlertFrequency, type AlertSearch } from './alert-model.js';
import { hitAlertLimits } from './alert-limits.js';
import { newAlertLinks } from './alert-links.js';
import { confirmationMail } from './alert-mails.js';

export interface AlertRequest {
  email: unknown;
  frequency: unknown;
  search: AlertSearch;
}

/**
 * A visitor asks for an alert on a search (docs/decisions.md §18). Nothing is matched or sent
 * for it before the link of the confirmation mail is followed (double opt-in); this writes the
 * alert unconfirmed and that mail, in one transaction. Asking again for a search the address
 * already has sends a new confirmation, which sets the frequency asked for when followed.
 * Refusals: a malformed e-mail or frequency (validation_error, with the field), an eleventh
 * alert for the address (conflict), too many requests (rate_limit_exceeded, Retry-After).
 */
export async function requestAlert(
  db: Database,
  request: AlertRequest,
  client: { address: string; now: Date },
  site: MailSite,
): Promise<Outcome<{ alertId: number }>> {
  const typed = typeof request.email === 'string' ? request.email.trim() : '';
  const errors = [];
  if (!isEmailAddress(typed) || unstorableTextReason(typed) !== null)
    errors.push({ field: 'email', message: 'Indiquez une adresse e-mail valide, de la forme nom@exemple.fr.' });
  if (!isAlertFrequency(request.frequency))
    errors.push({ field: 'frequency', message: 'Choisissez « dès leur publication » ou « une fois par jour ».' });
  if (errors.length) return refuseFields('validation_error', errors);
  const email = normaliseEmail(typed);
  const frequency = request.frequency as 'immediate' | 'daily';
  const key = savedSearchKey(request.search.filters);

  // The cap is told before the limits count the request: an eleventh alert is refused for what it is.
  const before = await alertsHeld(db, email, key);
  if (before.full && before.same === null) return tooMany();
  const limited = await hitAlertLimits(db, { address: client.address, email }, client.now);
  if (limited) return limited;

  return db.transaction(async (tx) => {
    // One request per address at a time, so that two at once cannot both take the tenth place.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('alert-address:' || $1))`, [email]);
    const held = await alertsHeld(tx, email, key);
    let alertId = held.same;
    if (alertId === null) {
      if (held.full) return tooMany();
      const searchId = await savedSearchId(tx, request.search, key, client.now);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO alerts (email, search_id, frequency, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [email, searchId, frequency, client.now],
      );
      alertId = Number(rows[0]!.id);
    }
    const [confirmToken, manageToken] = await newAlertLinks(
      tx,
      [
        { kind: 'confirm', email, alertId, frequency },
        { kind: 'manage', email, alertId },
      ],
      client.now,
    );
    const mail = confirmationMail(
      { email, frequency, ...request.search },
      { confirmToken: confirmToken!, manageToken: manageToken! },
      site,
    );
    // Its link confirms the address, so it goes even to one refused before (src/platform/mail/undeliverable.ts).
    await enqueueMail(tx, mail, { from: site.mailFrom, now: client.now, confirmsAddress: true });
    return { ok: true, value: { alertId } };
  });
}

const tooMany = () =>
  refuse('conflict', `An address holds at most ${ALERTS_PER_ADDRESS} alerts`, [
    {
      field: 'email',
      message: `Cette adresse a déjà ${ALERTS_PER_ADDRESS} alertes, le maximum. Supprimez-en une avec le lien « Gérer vos alertes » de l’un de nos e-mails.`,
    },
  ]);

/** How many alerts the address holds, and its alert on the same search if it has one. */
async function alertsHeld(db: Queryable, email: string, key: string): Promise<{ full: boolean; same: number | null }> {
  const { rows } = await db.query<{ held: number; same: string | null }>(
    `SELECT count(*)::int AS held, max(a.id) FILTER (WHERE s.criteria_key = $2) AS same
     FROM alerts a JOIN alert_searches s ON s.id = a.search_id WHERE a.email = $1`,
    [email, key],
  );
  const { held, same } = rows[0]!;
  return { full: held >= ALERTS_PER_ADDRESS, same: same === null ? null : Number(same) };
}

/** The row of this search, shared by every alert on it, made on first use. */
async function savedSearchId(tx: Queryable, search: AlertSearch, key: string, now: Date): Promise<number> {
  // DO UPDATE (rather than NOTHING) returns the existing row and locks it: the purge of searches
  // no alert uses skips a locked row, so it cannot take this one away before the alert is written.
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO alert_searches (criteria, criteria_key, path, label, created_at, ${SAVED_SEARCH_COLUMNS})
     VALUES ($1::jsonb, $2, $3, $4, $5, ${savedSearchValuesSql(6)})
     ON CONFLICT (criteria_key) DO UPDATE SET path = excluded.path, label = excluded.label
     RETURNING id`,
    [key, key, search.path, search.label, now, ...savedSearchParams(search.filters)],
  );
  return Number(rows[0]!.id);
}
