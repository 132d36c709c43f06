import type { Database, Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { hitClientLimit, releaseClientHit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { passwordProblem } from '../credentials/password-strength.js';
import { PASSWORD_MAX, verifyPassword } from '../credentials/password.js';
import type { Principal } from '../credentials/second-factors.js';
import { endOtherSessions } from '../sessions/session-store.js';
import type { MailSite } from '../mail/site.js';
import { findAccount, setAccountPassword, type Account } from './directory.js';
import { recordAccountEvent } from './events.js';
import { passwordChangedMail } from './password-mails.js';

/** Why the account's new password may not be chosen (passwordProblem, knowing its address and agency), or null. */
export async function newPasswordProblem(db: Queryable, account: Account, password: string): Promise<string | null> {
  const context = [account.email];
  if (account.agencyId) {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM agencies WHERE id = $1', [account.agencyId]);
    if (rows[0]) context.push(rows[0].name);
  }
  return passwordProblem(password, context);
}

/**
 * Wrong current passwords typed on the change page, per account: a session left open on a
 * shared computer does not let its finder guess the password at leisure. Failures only count.
 */
export const PASSWORD_CHANGE_LIMIT: ClientLimit = { action: 'password-change', limit: 10, periodMs: 30 * 60_000 };

export type ChangeOutcome =
  | { ok: true; account: Account }
  | { ok: false; reason: 'wrong_current' | 'weak'; message: string }
  | { ok: false; reason: 'throttled'; message: string; retryAfterSeconds: number };

const WRONG_CURRENT = 'Le mot de passe actuel est incorrect.';

/**
 * Changes a signed-in account's password: the current one first, then the strength of the new;
 * the account's other sessions end (the one that asked stays, and the caller renews it), a mail
 * tells the account, the audit log keeps it, in one transaction.
 */
export async function changePassword(
  db: Database,
  input: { principal: Principal; sessionId: string; current: string; password: string },
  now: Date,
  site: MailSite,
): Promise<ChangeOutcome> {
  const account = await findAccount(db, input.principal.scope, input.principal.id);
  if (!account || account.disabled) return { ok: false, reason: 'wrong_current', message: WRONG_CURRENT };
  const limitKey = `${account.scope}:${account.id}`;
  const decision = await hitClientLimit(db, PASSWORD_CHANGE_LIMIT, limitKey, now);
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    return {
      ok: false,
      reason: 'throttled',
      retryAfterSeconds: decision.retryAfterSeconds,
      message: `Trop d’essais : réessayez dans ${minutes} min.`,
    };
  }
  if (!(await verifyPassword(input.current.slice(0, PASSWORD_MAX + 1), await passwordHashOf(db, account))))
    return { ok: false, reason: 'wrong_current', message: WRONG_CURRENT };
  await releaseClientHit(db, PASSWORD_CHANGE_LIMIT, limitKey, now);
  const problem = await newPasswordProblem(db, account, input.password);
  if (problem) return { ok: false, reason: 'weak', message: problem };
  await db.transaction(async (tx) => {
    await setAccountPassword(tx, account, input.password);
    await endOtherSessions(tx, account.scope, account.id, input.sessionId);
    await enqueueMail(tx, passwordChangedMail(account, 'change', now, site), { from: site.mailFrom, now });
    await recordAccountEvent(tx, account, 'account.password_changed');
  });
  return { ok: true, account };
}

async function passwordHashOf(db: Queryable, account: Principal): Promise<string> {
  const table = account.scope === 'pro' ? 'users' : 'operators';
  const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM ${table} WHERE id = $1`, [account.id]);
  return rows[0]?.password_hash ?? '';
}
