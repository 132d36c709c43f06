import type { Database, Queryable } from '../../platform/db/database.js';
import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';
import { issueLink } from '../credentials/one-time-links.js';
import type { Principal } from '../credentials/second-factors.js';
import type { MailSite } from '../mail/site.js';
import { deviceLabel, networkOf } from '../sessions/device.js';
import { findAccount } from './directory.js';
import { recordAccountEvent } from './events.js';
import { tellNewDevice } from './new-device-mail.js';
import { accountLinkPath } from './account-paths.js';

/**
 * How long a browser stays known after its last sign-in: the life of its device cookie, renewed
 * at each sign-in, and of its row (docs/accounts.md). Browsers keep a cookie 400 days at most.
 */
export const DEVICE_LIFETIME_MS = 365 * 86_400_000;

/** What a sign-in tells of the browser it came from. */
export interface DeviceCheck {
  /** The device cookie's value to set again (renewed for another year). */
  secret: string;
  /** A browser this principal never signed in from, while it has signed in from another before. */
  isNew: boolean;
}

/**
 * Records the browser a principal signs in from, by its device cookie's hash. A cookie known for
 * this principal is kept; one the service gave this browser for another account of the space is
 * kept too (a shared computer stays one device); any other value is replaced by a new one, so no
 * one chooses a browser's value for it. The very first browser of an account is not « new »:
 * there is nothing to compare it with (the first sign-in after sign-up, or after this came in).
 */
export async function recogniseDevice(tx: Queryable, principal: Principal, cookie: string | undefined, now: Date): Promise<DeviceCheck> {
  const given = cookie !== undefined && LINK_SECRET_PATTERN.test(cookie) ? cookie : null;
  if (given) {
    const { rowCount } = await tx.query(
      'UPDATE known_devices SET last_seen_at = $4 WHERE scope = $1 AND principal_id = $2 AND device_hash = $3',
      [principal.scope, principal.id, hashLinkSecret(given), now],
    );
    if (rowCount > 0) return { secret: given, isNew: false };
  }
  const issued =
    given !== null &&
    (await tx.query('SELECT 1 FROM known_devices WHERE device_hash = $1 AND scope = $2 LIMIT 1', [hashLinkSecret(given), principal.scope]))
      .rows.length > 0;
  const secret = issued && given ? given : newLinkSecret();
  const { rows } = await tx.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM known_devices WHERE scope = $1 AND principal_id = $2) AS known',
    [principal.scope, principal.id],
  );
  await tx.query(
    `INSERT INTO known_devices (scope, principal_id, device_hash, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (scope, principal_id, device_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
    [principal.scope, principal.id, hashLinkSecret(secret), now],
  );
  return { secret, isNew: rows[0]!.known };
}

/** A finished sign-in, as the new-device check needs it. */
export interface SignInFrom {
  principal: Principal;
  /** The handle of the session the sign-in opened: the mail's link ends it. */
  sessionId: string;
  userAgent: string | null;
  address: string | null;
  /** The device cookie the browser sent, if any. */
  cookie: string | undefined;
}

/**
 * The new-device check of a finished sign-in, in one transaction: the browser is recorded and,
 * when it is new to the account, the owner gets a mail (device, network, time, and a link that
 * ends that session) and the audit log an entry. The device cookie's value to set.
 */
export async function checkSignInDevice(db: Database, signIn: SignInFrom, site: MailSite, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const { secret, isNew } = await recogniseDevice(tx, signIn.principal, signIn.cookie, now);
    const account = isNew ? await findAccount(tx, signIn.principal.scope, signIn.principal.id) : null;
    if (!account) return secret;
    const token = await issueLink(tx, signIn.principal, 'end_session', now, signIn.sessionId);
    const news = { device: deviceLabel(signIn.userAgent), network: signIn.address ? networkOf(signIn.address) : null, at: now };
    await tellNewDevice(tx, account.email, news, `${site.siteUrl}${accountLinkPath(account.scope, 'end_session', token)}`, site);
    await recordAccountEvent(tx, account, 'account.signed_in_new_device', {
      after: { session: signIn.sessionId, device: news.device, network: news.network },
    });
    return secret;
  });
}

/** Browsers no account has signed in from for a year are forgotten, as their cookies are. */
export async function purgeKnownDevices(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM known_devices WHERE last_seen_at < $1', [new Date(now.getTime() - DEVICE_LIFETIME_MS)]);
}
