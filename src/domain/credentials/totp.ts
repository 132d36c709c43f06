import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Principal } from './second-factors.js';

/**
 * Authenticator apps (RFC 6238, docs/accounts.md): SHA-1, six digits, thirty-second steps, the
 * settings every app reads from a QR code. The name the app shows above the code.
 */
export const TOTP_ISSUER = 'Annonces immobilières';
const SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** The steps accepted around the server's: one either side, for a phone's clock a little off. */
const WINDOW = 1;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** A new shared secret: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ buffer: new Uint8Array(randomBytes(20)).buffer }).base32;

/** The otpauth:// address the QR code holds: issuer, the account's address, the secret. */
export const totpUri = (secret: string, email: string): string =>
  new TOTP({ ...SETTINGS, issuer: TOTP_ISSUER, label: email, secret: Secret.fromBase32(secret) }).toString();

/**
 * The time step a code was made for, when `code` is the secret's code of the step at `now` or one
 * either side; null otherwise. Says nothing of replays: `claimStep` does.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({ ...SETTINGS, secret: Secret.fromBase32(secret), token: code, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: SETTINGS.period, timestamp }) + delta;
}

interface TotpRow {
  id: string;
  totp_secret: string;
}

/**
 * Whether `code` is a fresh code of one of the principal's confirmed apps. A step is accepted once:
 * the factor's last step moves forward in one statement, so a code seen (or replayed by someone
 * watching) within its window, or an older one, is refused even by two requests at once.
 */
export async function verifyTotp(db: Queryable, principal: Principal, code: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<TotpRow>(
    `SELECT id, totp_secret FROM second_factors
     WHERE scope = $1 AND principal_id = $2 AND kind = 'totp' AND confirmed_at IS NOT NULL ORDER BY created_at, id`,
    [principal.scope, principal.id],
  );
  for (const row of rows) {
    const step = matchingStep(row.totp_secret, code, now);
    if (step === null) continue;
    const claimed = await db.query(
      `UPDATE second_factors SET totp_last_step = $2, last_used_at = $3
       WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [row.id, step, now],
    );
    if (claimed.rows.length > 0) return true;
  }
  return false;
}

/** An app being added: its row waits, unconfirmed, for the first code typed from it. */
export interface PendingTotp {
  id: string;
  secret: string;
}

/**
 * Starts adding an app: a new secret in a pending row, which replaces any other pending one of
 * the principal (one app is added at a time; an abandoned attempt leaves nothing usable).
 */
export async function startTotpEnrolment(tx: Queryable, principal: Principal, now: Date): Promise<PendingTotp> {
  await tx.query(`DELETE FROM second_factors WHERE scope = $1 AND principal_id = $2 AND kind = 'totp' AND confirmed_at IS NULL`, [
    principal.scope,
    principal.id,
  ]);
  const pending = { id: newId('fac', now.getTime()), secret: newTotpSecret() };
  await tx.query(
    `INSERT INTO second_factors (id, scope, principal_id, kind, label, totp_secret, created_at) VALUES ($1, $2, $3, 'totp', '', $4, $5)`,
    [pending.id, principal.scope, principal.id, pending.secret, now],
  );
  return pending;
}

/** The app being added, if one is. */
export async function pendingTotp(db: Queryable, principal: Principal): Promise<PendingTotp | null> {
  const { rows } = await db.query<TotpRow>(
    `SELECT id, totp_secret FROM second_factors WHERE scope = $1 AND principal_id = $2 AND kind = 'totp' AND confirmed_at IS NULL`,
    [principal.scope, principal.id],
  );
  return rows[0] ? { id: rows[0].id, secret: rows[0].totp_secret } : null;
}

/**
 * Confirms the pending app with its first code: it becomes a factor named `label`, and the code's
 * step counts as used. False when there is no pending app or the code is not one of its.
 */
export async function confirmTotp(tx: Queryable, principal: Principal, code: string, label: string, now: Date): Promise<boolean> {
  const pending = await pendingTotp(tx, principal);
  const step = pending && matchingStep(pending.secret, code, now);
  if (!pending || step === null) return false;
  const { rows } = await tx.query(
    `UPDATE second_factors SET confirmed_at = $2, label = $3, totp_last_step = $4, last_used_at = $2
     WHERE id = $1 AND confirmed_at IS NULL RETURNING id`,
    [pending.id, now, label, step],
  );
  return rows.length > 0;
}
