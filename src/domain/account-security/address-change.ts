import type { Database, Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { liftUndeliverable } from '../../platform/mail/undeliverable.js';
import { refuse, type Outcome } from '../../platform/outcome.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { isEmailAddress, normaliseEmail } from '../credentials/email.js';
import { issueLink, useLink } from '../credentials/one-time-links.js';
import { decoyHash, verifyPassword } from '../credentials/password.js';
import type { AccountScope } from '../credentials/second-factors.js';
import type { MailSite } from '../mail/site.js';
import { addressChangeAskedMail, newAddressMail } from './address-mails.js';
import { findAccount, findAccountByEmail, type Account } from './directory.js';
import { recordAccountEvent } from './events.js';
import { accountLinkPath } from './account-paths.js';

/**
 * A change of an account's address, for pro users and operators alike (docs/accounts.md): asked
 * with the current password, it is confirmed by a link mailed to the new address and announced
 * at the old one; the account moves only when the link is followed, and is then verified there.
 */

/** Where the confirmation link leads, under the space's path ('/pro', '/admin'). */

/** Asks per account and hour: a stolen session cannot try passwords here faster than at the sign-in. */
const ASK_LIMIT: ClientLimit = { action: 'address-change', limit: 10, periodMs: 3_600_000 };

const TAKEN_FR = 'Cette adresse e-mail est déjà celle d’un autre compte : choisissez-en une autre.';
export const DEAD_CHANGE_LINK_FR =
  'Ce lien a expiré ou a déjà servi : l’adresse n’a pas changé. Demandez un nouveau changement depuis votre compte.';

const TABLE = { pro: 'users', admin: 'operators' } satisfies Record<AccountScope, string>;

async function passwordIsRight(db: Queryable, account: Account, password: string): Promise<boolean> {
  const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM ${TABLE[account.scope]} WHERE id = $1`, [
    account.id,
  ]);
  // A missing row still pays for a hash, so that every refusal takes the same time.
  return verifyPassword(password, rows[0]?.password_hash ?? (await decoyHash()));
}

/** The new address as typed, checked; a French field error otherwise. */
function checkNewAddress(account: Account, typed: string): Outcome<string> {
  const address = normaliseEmail(typed);
  if (!isEmailAddress(address))
    return refuse('validation_error', 'Adresse invalide', [
      { field: 'email', message: 'Indiquez une adresse e-mail valide, comme nom@agence.fr.' },
    ]);
  if (address === account.email)
    return refuse('validation_error', 'Même adresse', [{ field: 'email', message: 'C’est déjà l’adresse de votre compte.' }]);
  return { ok: true, value: address };
}

/**
 * Asks for the change: the current password must be right and the new address free. The link
 * (its detail is the new address) goes to the new address, a notice without a link to the old.
 */
export async function askAddressChange(
  db: Database,
  account: Account,
  input: { email: string; password: string },
  site: MailSite,
  now: Date,
): Promise<Outcome<{ email: string }>> {
  const limit = await hitClientLimit(db, ASK_LIMIT, `${account.scope}:${account.id}`, now);
  if (!limit.allowed)
    return refuse('rate_limit_exceeded', `Trop de demandes : réessayez dans ${Math.ceil(limit.retryAfterSeconds / 60)} min.`, undefined, {
      'retry-after': String(limit.retryAfterSeconds),
    });
  const checked = checkNewAddress(account, input.email);
  if (!checked.ok) return checked;
  const address = checked.value;
  if (!(await passwordIsRight(db, account, input.password)))
    return refuse('forbidden', 'Mot de passe incorrect', [{ field: 'password', message: 'Le mot de passe actuel est incorrect.' }]);
  if (await findAccountByEmail(db, account.scope, address)) return refuse('conflict', TAKEN_FR, [{ field: 'email', message: TAKEN_FR }]);
  await db.transaction(async (tx) => {
    const token = await issueLink(tx, account, 'email_change', now, address);
    await enqueueMail(tx, newAddressMail(address, `${site.siteUrl}${accountLinkPath(account.scope, 'email_change', token)}`), {
      from: site.mailFrom,
      now,
      confirmsAddress: true,
    });
    await enqueueMail(tx, addressChangeAskedMail(account.email, address), { from: site.mailFrom, now });
    await recordAccountEvent(tx, account, 'account.email_change_asked', { after: { email: address } });
  });
  return { ok: true, value: { email: address } };
}

class AddressTaken extends Error {}

/**
 * Follows the link: the account takes the new address, verified since the link came to it. An
 * address taken meanwhile refuses the whole change (the link stays usable, nothing moves).
 */
export async function confirmAddressChange(
  db: Database,
  scope: AccountScope,
  token: string,
  now: Date,
): Promise<Outcome<{ email: string }>> {
  try {
    return await db.transaction(async (tx): Promise<Outcome<{ email: string }>> => {
      const link = await useLink(tx, scope, 'email_change', token, now);
      const account = link?.detail ? await findAccount(tx, scope, link.id) : null;
      if (!link?.detail || !account) return refuse('not_found', DEAD_CHANGE_LINK_FR);
      if (await findAccountByEmail(tx, scope, link.detail)) throw new AddressTaken();
      const verified = scope === 'pro' ? ', email_verified_at = $3' : '';
      await tx.query(
        `UPDATE ${TABLE[scope]} SET email = $2${verified} WHERE id = $1`,
        scope === 'pro' ? [account.id, link.detail, now] : [account.id, link.detail],
      );
      // The link came to the new address: mail may go there again if it was refused before.
      await liftUndeliverable(tx, link.detail);
      await recordAccountEvent(tx, account, 'account.email_changed', { after: { from: account.email, email: link.detail } });
      return { ok: true, value: { email: link.detail } };
    });
  } catch (error) {
    // The check above, or the unique index when another account took the address at the same moment.
    if (error instanceof AddressTaken || (error as { code?: string }).code === '23505')
      return refuse('conflict', `${TAKEN_FR} Rien n’a été modifié.`);
    throw error;
  }
}
