import type { Database, Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { liftUndeliverable, undeliverableMark } from '../../platform/mail/undeliverable.js';
import { refuse, type Outcome } from '../../platform/outcome.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { issueLink, useLink } from '../credentials/one-time-links.js';
import type { MailSite } from '../mail/site.js';
import { verifyAddressMail } from './address-mails.js';
import { recordAccountEvent } from './events.js';
import { accountLinkPath } from './account-paths.js';

/**
 * A pro user's address, proven by a link mailed to it (docs/accounts.md): sign-up sends one, the
 * user may ask for another, and following it marks the address verified. Until then the account
 * works but makes no LIVE key (agencies/live-keys.ts).
 */

/** Where the link leads: a page open to any browser, since the mail may be read on another device. */

/** « Renvoyer le lien »: enough for a lost or late mail, too few to make the service a mail cannon. */
export const RESEND_LIMIT: ClientLimit = { action: 'verify-resend', limit: 5, periodMs: 3_600_000 };

export const DEAD_LINK_FR = 'Ce lien a expiré ou a déjà servi. Connectez-vous et demandez-en un nouveau.';

/**
 * Issues a verify link for the user's address and queues its mail, in the caller's transaction
 * (the sign-up's): the link remembers the address it went to, so it proves that one only.
 */
export async function mailVerificationLink(tx: Queryable, user: { id: string; email: string }, site: MailSite, now: Date): Promise<void> {
  const token = await issueLink(tx, { scope: 'pro', id: user.id }, 'verify', now, user.email);
  await enqueueMail(tx, verifyAddressMail(user.email, `${site.siteUrl}${accountLinkPath('pro', 'verify', token)}`), {
    from: site.mailFrom,
    now,
    // The way back for an address refused before (src/platform/mail/undeliverable.ts).
    confirmsAddress: true,
  });
}

/**
 * A new link for a signed-in user whose address is not yet verified, or was verified and has since
 * been refused by the SMTP server for good (every older link dies), at most RESEND_LIMIT an hour.
 */
export async function resendVerificationLink(db: Database, userId: string, site: MailSite, now: Date): Promise<Outcome<{ email: string }>> {
  return db.transaction(async (tx): Promise<Outcome<{ email: string }>> => {
    const { rows } = await tx.query<{ email: string; verified: boolean }>(
      'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const user = rows[0];
    if (!user) return refuse('not_found', 'Compte introuvable.');
    if (user.verified && !(await undeliverableMark(tx, user.email)))
      return refuse('conflict', 'Votre adresse e-mail est déjà vérifiée : il n’y a rien à renvoyer.');
    const limit = await hitClientLimit(tx, RESEND_LIMIT, userId, now);
    if (!limit.allowed)
      return refuse(
        'rate_limit_exceeded',
        `Vous avez demandé plusieurs liens en peu de temps : réessayez dans ${Math.ceil(limit.retryAfterSeconds / 60)} min.`,
        undefined,
        { 'retry-after': String(limit.retryAfterSeconds) },
      );
    await mailVerificationLink(tx, { id: userId, email: user.email }, site, now);
    return { ok: true, value: { email: user.email } };
  });
}

/**
 * Follows a verify link: the user's address is verified, once, and the audit log says so; a
 * refusal of the address by the SMTP server is forgotten (src/platform/mail/undeliverable.ts). A
 * malformed, unknown, expired or used token, or one sent to an address the account no longer
 * has, changes nothing.
 */
export async function verifyAddress(db: Database, token: string, now: Date): Promise<Outcome<{ email: string }>> {
  return db.transaction(async (tx): Promise<Outcome<{ email: string }>> => {
    const link = await useLink(tx, 'pro', 'verify', token, now);
    if (!link) return refuse('not_found', DEAD_LINK_FR);
    const { rows } = await tx.query<{ email: string; agency_id: string; was_verified: boolean }>(
      `UPDATE users u SET email_verified_at = coalesce(u.email_verified_at, $3) FROM users before
       WHERE u.id = $1 AND u.email = $2 AND before.id = u.id
       RETURNING u.email, u.agency_id, before.email_verified_at IS NOT NULL AS was_verified`,
      [link.id, link.detail, now],
    );
    const user = rows[0];
    if (!user) return refuse('not_found', DEAD_LINK_FR);
    // The link came to this address: mail goes there again if the SMTP server had refused it.
    await liftUndeliverable(tx, user.email);
    if (!user.was_verified)
      await recordAccountEvent(tx, { scope: 'pro', id: link.id, agencyId: user.agency_id }, 'account.email_verified', {
        after: { email: user.email },
      });
    return { ok: true, value: { email: user.email } };
  });
}
