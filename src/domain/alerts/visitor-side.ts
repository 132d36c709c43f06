import type { Database, Queryable } from '../../platform/db/database.js';
import { liftUndeliverable } from '../../platform/mail/undeliverable.js';
import { CONFIRMATION_MS, type AlertView } from './alert-model.js';
import { followAlertLink, newAlertLinks, type AlertLink } from './alert-links.js';
import { alertsOf, deleteAlertOf, findAlert } from './alert-store.js';

/**
 * What the private links of alert mails open (docs/decisions.md §18): the confirmation of an
 * alert, the page of the address's alerts, and the one-click unsubscribe. The token in the
 * address is the only credential; every action stays within the link's e-mail address.
 */

export type ConfirmationLookup =
  | { kind: 'open'; alert: AlertView }
  /** The link is older than the confirmation window, or its alert is gone (purged, deleted). */
  | { kind: 'expired' }
  /** Never made, tampered with, or purged. */
  | { kind: 'unknown' };

async function openConfirmation(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ link: AlertLink; alert: AlertView } | ConfirmationLookup> {
  const link = await followAlertLink(db, token, 'confirm');
  if (!link) return { kind: 'unknown' };
  if (link.alertId === null || now.getTime() - link.createdAt.getTime() > CONFIRMATION_MS) return { kind: 'expired' };
  const alert = await findAlert(db, link.alertId);
  return alert ? { link, alert } : { kind: 'expired' };
}

/** The alert a confirmation link is about, as asked for (its frequency), before it is confirmed. */
export async function readConfirmation(db: Queryable, token: string, now: Date): Promise<ConfirmationLookup> {
  const found = await openConfirmation(db, token, now);
  if ('kind' in found) return found;
  return { kind: 'open', alert: { ...found.alert, frequency: found.link.frequency ?? found.alert.frequency } };
}

/**
 * Confirms the alert at the frequency the link asked for; from now on new listings of its
 * search are mailed. Confirming twice changes nothing. Gives a fresh manage link for the page.
 */
export async function confirmAlert(
  db: Database,
  token: string,
  now: Date,
): Promise<{ kind: 'confirmed'; alert: AlertView; manageToken: string } | Exclude<ConfirmationLookup, { kind: 'open' }>> {
  return db.transaction(async (tx) => {
    const found = await openConfirmation(tx, token, now);
    if ('kind' in found) return found as Exclude<ConfirmationLookup, { kind: 'open' }>;
    const { link, alert } = found;
    await tx.query('UPDATE alerts SET frequency = coalesce($2, frequency), confirmed_at = coalesce(confirmed_at, $3) WHERE id = $1', [
      alert.alertId,
      link.frequency,
      now,
    ]);
    // The confirmation came by mail: the address takes mail again if the SMTP server had refused it.
    await liftUndeliverable(tx, link.email);
    const [manageToken] = await newAlertLinks(tx, [{ kind: 'manage', email: link.email, alertId: alert.alertId }], now);
    return {
      kind: 'confirmed',
      alert: { ...alert, frequency: link.frequency ?? alert.frequency, confirmed: true },
      manageToken: manageToken!,
    };
  });
}

export type ManageLookup = { kind: 'open'; email: string; alerts: AlertView[] } | { kind: 'unknown' };

/** The address's alerts, by a manage link. */
export async function readAddressAlerts(db: Queryable, token: string): Promise<ManageLookup> {
  const link = await followAlertLink(db, token, 'manage');
  if (!link) return { kind: 'unknown' };
  return { kind: 'open', email: link.email, alerts: await alertsOf(db, link.email) };
}

export type DeletionOutcome = { kind: 'deleted'; alert: AlertView } | { kind: 'already' } | { kind: 'unknown' };

/** Deletes one of the address's alerts from its page; `already` when it was deleted before (or is not the address's). */
export async function deleteFromPage(db: Queryable, token: string, alertId: number): Promise<DeletionOutcome> {
  const link = await followAlertLink(db, token, 'manage');
  if (!link) return { kind: 'unknown' };
  const deleted = await deleteAlertOf(db, link.email, alertId);
  return deleted ? { kind: 'deleted', alert: deleted } : { kind: 'already' };
}

export type UnsubscribeLookup = { kind: 'open'; alert: AlertView } | { kind: 'already' } | { kind: 'unknown' };

/** The alert a mail's unsubscribe link is about, before the button is pressed. */
export async function readUnsubscribe(db: Queryable, token: string): Promise<UnsubscribeLookup> {
  const link = await followAlertLink(db, token, 'manage');
  if (!link) return { kind: 'unknown' };
  const alert = link.alertId === null ? null : await findAlert(db, link.alertId);
  return alert ? { kind: 'open', alert } : { kind: 'already' };
}

/**
 * The one-click unsubscribe (RFC 8058): deletes the alert the mail was about. A second POST
 * (a replay, or the mail client and the visitor both) finds it gone: `already`.
 */
export async function unsubscribe(db: Queryable, token: string): Promise<DeletionOutcome> {
  const link = await followAlertLink(db, token, 'manage');
  if (!link) return { kind: 'unknown' };
  const deleted = link.alertId === null ? null : await deleteAlertOf(db, link.email, link.alertId);
  return deleted ? { kind: 'deleted', alert: deleted } : { kind: 'already' };
}
