import type { Database, Queryable } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs/queue.js';
import type { JobHandler } from '../../platform/jobs/runner.js';
import { HOUR_MS } from '../../platform/jobs/periodic.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { isEmailAddress, normaliseEmail } from '../credentials/email.js';
import { issueLink, useLink } from '../credentials/one-time-links.js';
import type { AccountScope } from '../credentials/second-factors.js';
import { endSessionsOf } from '../sessions/session-store.js';
import type { MailSite } from '../mail/site.js';
import { findAccount, findAccountByEmail, setAccountPassword, type Account } from './directory.js';
import { recordAccountEvent } from './events.js';
import { passwordResetPath } from './account-paths.js';
import { passwordChangedMail, passwordResetMail } from './password-mails.js';
import { newPasswordProblem } from './password-change.js';

/**
 * « Mot de passe oublié » (docs/accounts.md). The request never looks the address up: it counts
 * the client's attempts and queues a job, so the answer and its time are the same whether an
 * account has the address or not. The job finds the account, if any, and mails it a link.
 */
export const PASSWORD_RESET_JOB = 'account.password-reset';

/** Asks per client address, and per address asked for (a mailbox is not flooded from many clients). */
export const PASSWORD_RESET_LIMITS = {
  client: { action: 'password-reset-client', limit: 10, periodMs: HOUR_MS },
  email: { action: 'password-reset-email', limit: 5, periodMs: HOUR_MS },
} satisfies Record<string, ClientLimit>;

interface ResetAsked {
  scope: AccountScope;
  email: string;
}

export type ResetAskOutcome = { ok: true } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** Counts the ask against the limits, then queues the job that answers it; the same work for any address. */
export async function askPasswordReset(db: Queryable, ask: ResetAsked & { clientAddress: string }, now: Date): Promise<ResetAskOutcome> {
  const email = normaliseEmail(ask.email);
  for (const [rule, key] of [
    [PASSWORD_RESET_LIMITS.client, ask.clientAddress],
    [PASSWORD_RESET_LIMITS.email, `${ask.scope}:${email}`],
  ] as const) {
    const decision = await hitClientLimit(db, rule, key, now);
    if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const payload: ResetAsked = { scope: ask.scope, email };
  await new JobQueue(db, () => now).enqueue(PASSWORD_RESET_JOB, payload, { maxAttempts: 3 });
  return { ok: true };
}

const isResetAsked = (payload: unknown): payload is ResetAsked => {
  const { scope, email } = (payload ?? {}) as Partial<ResetAsked>;
  return (scope === 'pro' || scope === 'admin') && typeof email === 'string' && isEmailAddress(email);
};

/**
 * The job: an account of the space with that address, not disabled, gets a reset link (its older
 * ones die) by mail, and the ask is audited, all in one transaction. Any other address, nothing.
 */
export function passwordResetJobHandler(deps: { db: Database; now: () => Date; site: MailSite }): JobHandler {
  return async (payload) => {
    if (!isResetAsked(payload)) return;
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const account = await findAccountByEmail(tx, payload.scope, payload.email);
      if (!account || account.disabled) return;
      const token = await issueLink(tx, account, 'reset', now);
      const link = `${deps.site.siteUrl}${passwordResetPath(account.scope, token)}`;
      await enqueueMail(tx, passwordResetMail(account, link), { from: deps.site.mailFrom, now });
      await recordAccountEvent(tx, account, 'account.password_reset_asked');
    });
  };
}

export type ResetOutcome =
  { ok: true; account: Account } | { ok: false; reason: 'dead_link' } | { ok: false; reason: 'weak'; message: string };

/** Thrown inside the transaction to roll it back, so that a refused password leaves the link usable. */
class Refused extends Error {
  constructor(readonly outcome: Exclude<ResetOutcome, { ok: true }>) {
    super(outcome.reason);
  }
}

/**
 * Uses a reset link: the new password (strength checked against the account), every session of
 * the account ended (whoever had it is out), a mail to the account, the audit entry, in one
 * transaction. A dead, tampered or other space's link changes nothing; nor does a weak password.
 */
export async function resetPassword(
  db: Database,
  input: { scope: AccountScope; token: string; password: string },
  now: Date,
  site: MailSite,
): Promise<ResetOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const link = await useLink(tx, input.scope, 'reset', input.token, now);
      const account = link ? await findAccount(tx, link.scope, link.id) : null;
      if (!account || account.disabled) throw new Refused({ ok: false, reason: 'dead_link' });
      const problem = await newPasswordProblem(tx, account, input.password);
      if (problem) throw new Refused({ ok: false, reason: 'weak', message: problem });
      await setAccountPassword(tx, account, input.password);
      await endSessionsOf(tx, account.scope, account.id);
      await enqueueMail(tx, passwordChangedMail(account, 'reset', now, site), { from: site.mailFrom, now });
      await recordAccountEvent(tx, account, 'account.password_reset');
      return { ok: true as const, account };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}
