import type { Database, Queryable } from '../../platform/db/database.js';
import type { Outcome } from '../../platform/outcome.js';
import { endSessionsOf } from '../sessions/session-store.js';
import { makeRecoveryCodes } from '../credentials/recovery-codes.js';
import {
  hasSecondFactor,
  removeAllSecondFactors,
  removeSecondFactor,
  type Principal,
  type SecondFactor,
} from '../credentials/second-factors.js';
import { confirmTotp } from '../credentials/totp.js';
import { findAccount, type Account } from './directory.js';
import { recordAccountEvent } from './events.js';
import { teamRequiresTwoFactor } from './team-requirement.js';
import { twoFactorRequired } from './two-factor-rule.js';

const noAccount = { ok: false, code: 'not_found', detail: 'Compte introuvable' } as const;

/** Whether the account must keep at least one factor (two-factor-rule.ts). */
const mustKeepOne = async (db: Queryable, account: Account) =>
  twoFactorRequired(account, account.agencyId !== null && (await teamRequiresTwoFactor(db, account.agencyId)));

/**
 * Confirms the app being added with its first code (docs/accounts.md). The first factor of an
 * account comes with its ten recovery codes, returned to be shown once; null for a later one.
 */
export async function confirmApp(
  db: Database,
  principal: Principal,
  input: { code: string; label: string },
  now: Date,
): Promise<Outcome<{ recoveryCodes: string[] | null }>> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, principal.scope, principal.id);
    if (!account) return noAccount;
    const first = !(await hasSecondFactor(tx, principal));
    if (!(await confirmTotp(tx, principal, input.code.replace(/\s/g, ''), input.label, now)))
      return {
        ok: false,
        code: 'validation_error',
        detail: 'Code incorrect',
        errors: [{ field: 'code', message: 'Ce code ne correspond pas : saisissez celui que l’application affiche maintenant.' }],
      };
    await recordAccountEvent(tx, account, 'account.factor_added', { after: { kind: 'totp', label: input.label } });
    if (!first) return { ok: true, value: { recoveryCodes: null } };
    const recoveryCodes = await makeRecoveryCodes(tx, principal, now);
    await recordAccountEvent(tx, account, 'account.recovery_codes_made');
    return { ok: true, value: { recoveryCodes } };
  });
}

/** Ten new recovery codes in place of the old ones, to be shown once; only for an account with a factor. */
export async function remakeRecoveryCodes(db: Database, principal: Principal, now: Date): Promise<Outcome<string[]>> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, principal.scope, principal.id);
    if (!account) return noAccount;
    if (!(await hasSecondFactor(tx, principal)))
      return { ok: false, code: 'conflict', detail: 'Les codes de secours accompagnent un second facteur : ajoutez-en un d’abord' };
    const codes = await makeRecoveryCodes(tx, principal, now);
    await recordAccountEvent(tx, account, 'account.recovery_codes_made');
    return { ok: true, value: codes };
  });
}

/**
 * Removes one of the account's factors. The last one stays while one is required (an operator, a
 * member of a team that requires it); with none left, the recovery codes go too.
 */
export async function removeFactor(db: Database, principal: Principal, factorId: string): Promise<Outcome<SecondFactor>> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, principal.scope, principal.id);
    if (!account) return noAccount;
    // Locked, so two removals at once cannot take the last two factors of an account that must keep one.
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM second_factors WHERE scope = $1 AND principal_id = $2 AND confirmed_at IS NOT NULL FOR UPDATE',
      [principal.scope, principal.id],
    );
    if (rows.length === 1 && rows[0]!.id === factorId && (await mustKeepOne(tx, account)))
      return {
        ok: false,
        code: 'conflict',
        detail: 'La double authentification est obligatoire pour ce compte : ajoutez un autre facteur avant de retirer le dernier',
      };
    const removed = rows.some((row) => row.id === factorId) ? await removeSecondFactor(tx, principal, factorId) : null;
    if (!removed) return { ok: false, code: 'not_found', detail: 'Ce facteur n’existe pas ou a déjà été retiré' };
    if (rows.length === 1) await removeAllSecondFactors(tx, principal);
    await recordAccountEvent(tx, account, 'account.factor_removed', { after: { kind: removed.kind, label: removed.label } });
    return { ok: true, value: removed };
  });
}

/**
 * The operators' procedure for an account that lost every factor (docs/accounts.md), after they
 * have checked who is asking: every factor and recovery code goes, the account's sessions end,
 * and the audit log keeps who did it and why. An operator or a team that requires a factor
 * enrols again at the next sign-in.
 */
export async function resetSecondFactors(
  db: Database,
  principal: Principal,
  by: { actor: string; reason: string },
): Promise<Outcome<{ account: Account; removed: number }>> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, principal.scope, principal.id);
    if (!account) return noAccount;
    const removed = await removeAllSecondFactors(tx, account);
    await endSessionsOf(tx, account.scope, account.id);
    await recordAccountEvent(tx, account, 'account.factors_reset', { actor: by.actor, after: { reason: by.reason, removed } });
    return { ok: true, value: { account, removed } };
  });
}
