import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '../../platform/db/database.js';
import { hitClientLimit, type ClientLimit } from '../../platform/throttling/address-limits.js';
import { refuse, success, type Outcome } from '../../platform/outcome.js';
import { recordAudit } from '../audit/audit-log.js';
import {
  passkeyAuthenticationOptions,
  passkeyLabel,
  PASSKEY_LABEL_MAX,
  storePasskey,
  verifyPasskeyAssertion,
  verifyPasskeyRegistration,
  type RelyingParty,
  type UsedPasskey,
} from '../credentials/passkeys.js';
import { hasSecondFactor, type AccountScope, type Principal, type SecondFactor } from '../credentials/second-factors.js';
import { findAccount } from './directory.js';
import { recordAccountEvent } from './events.js';

/**
 * Passkeys as the accounts use them (docs/accounts.md): enrolled from the security page (audited),
 * used as the second factor after a password, or alone to sign in without a password.
 * The WebAuthn rules themselves are in credentials/passkeys.ts.
 */

export interface EnrolledPasskey {
  factor: SecondFactor;
  /** The account had no confirmed factor before: its session is to be renewed. */
  first: boolean;
}

/** Stores the passkey a registration answer proves, under the label its owner typed, and records it. */
export async function enrolPasskey(
  db: Database,
  rp: RelyingParty,
  principal: Principal,
  input: { response: RegistrationResponseJSON; label: unknown },
  now: Date,
): Promise<Outcome<EnrolledPasskey>> {
  const label = passkeyLabel(input.label);
  if (!label)
    return refuse('validation_error', `Donnez un nom à cette clé d’accès (${PASSKEY_LABEL_MAX} caractères au plus). Rien n’a été modifié.`);
  const account = await findAccount(db, principal.scope, principal.id);
  if (!account) return refuse('unauthorized', 'Ce compte n’existe plus. Rien n’a été modifié.');
  const verified = await verifyPasskeyRegistration(db, rp, principal, input.response, now);
  if (!verified.ok) return verified;
  return db.transaction(async (tx) => {
    const first = !(await hasSecondFactor(tx, principal));
    const factor = await storePasskey(tx, principal, verified.value, label, now);
    if (!factor) return refuse('conflict', 'Cette clé d’accès est déjà enregistrée. Rien n’a été modifié.');
    await recordAccountEvent(tx, account, 'account.factor_added', { after: { kind: 'passkey', label } });
    return success({ factor, first });
  });
}

/** A passkey as the second factor of a sign-in that gave its password: one of the principal's. */
export async function passkeyAsSecondFactor(
  db: Database,
  rp: RelyingParty,
  principal: Principal,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<Outcome<UsedPasskey>> {
  return verifyPasskeyAssertion(db, rp, { scope: principal.scope, principal, mayUse: mayStillSignIn(db, principal.scope) }, response, now);
}

/**
 * Challenges asked for a sign-in without a password, per client address: each is a row kept five
 * minutes, asked before anyone is known, so a client may not ask for them without end.
 */
export const PASSKEY_SIGN_IN_LIMIT: ClientLimit = { action: 'passkey-sign-in', limit: 30, periodMs: 10 * 60_000 };

/** What a browser signs to sign in without a password (any passkey of the site it holds), within the address's limit. */
export async function passwordlessOptions(
  db: Database,
  rp: RelyingParty,
  scope: AccountScope,
  address: string,
  now: Date,
): Promise<Outcome<PublicKeyCredentialRequestOptionsJSON>> {
  const decision = await hitClientLimit(db, PASSKEY_SIGN_IN_LIMIT, address, now);
  if (!decision.allowed) {
    const seconds = decision.retryAfterSeconds;
    return refuse('rate_limit_exceeded', `Trop de tentatives : réessayez dans ${Math.ceil(seconds / 60)} min.`, undefined, {
      'retry-after': String(seconds),
    });
  }
  return success(await passkeyAuthenticationOptions(db, rp, scope, null, now));
}

/**
 * A sign-in with a passkey alone: the passkey names the account, which must be of the space and
 * still allowed in (a disabled operator, a removed user: refused as an unknown key). An
 * operator's sign-in is audited as a password's is.
 */
export async function signInWithPasskey(
  db: Database,
  rp: RelyingParty,
  scope: AccountScope,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<Outcome<UsedPasskey>> {
  const used = await verifyPasskeyAssertion(db, rp, { scope, principal: null, mayUse: mayStillSignIn(db, scope) }, response, now);
  if (used.ok && scope === 'admin') {
    const id = used.value.principalId;
    await recordAudit(db, {
      actor: id,
      action: 'operator.login',
      targetType: 'operator',
      targetId: id,
      after: { passkey: used.value.label },
    });
  }
  return used;
}

const mayStillSignIn = (db: Database, scope: AccountScope) => async (principalId: string) => {
  const account = await findAccount(db, scope, principalId);
  return account !== null && !account.disabled;
};
