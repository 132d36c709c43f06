import type { Database, Queryable } from '../../platform/db/database.js';
import { useLink } from '../credentials/one-time-links.js';
import type { Principal } from '../credentials/second-factors.js';
import { deviceLabel } from '../sessions/device.js';
import { endOtherSessions, endSessionById, listSessions } from '../sessions/session-store.js';
import { findAccount } from './directory.js';
import { recordAccountEvent } from './events.js';

/** What the audit entry of an ended session shows of it: its handle, device and network. */
async function describedSession(tx: Queryable, principal: Principal, sessionId: string, now: Date) {
  const session = (await listSessions(tx, principal.scope, principal.id, now)).find((listed) => listed.id === sessionId);
  return session ? { session: session.id, device: deviceLabel(session.userAgent), network: session.network } : null;
}

/**
 * Ends one of the principal's sessions by its handle, audited, in one transaction. False when
 * it is not theirs, already ended, or `keptId`: the session in use ends by signing out.
 */
export async function endOwnSession(db: Database, principal: Principal, sessionId: string, keptId: string, now: Date): Promise<boolean> {
  if (sessionId === keptId) return false;
  return db.transaction(async (tx) => {
    const described = await describedSession(tx, principal, sessionId, now);
    const account = await findAccount(tx, principal.scope, principal.id);
    if (!described || !account || !(await endSessionById(tx, principal.scope, principal.id, sessionId))) return false;
    await recordAccountEvent(tx, account, 'account.session_ended', { after: described });
    return true;
  });
}

/** Ends every session of the principal but `keptId`, audited when any ended; how many ended. */
export async function endOwnOtherSessions(db: Database, principal: Principal, keptId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, principal.scope, principal.id);
    const ended = account ? await endOtherSessions(tx, principal.scope, principal.id, keptId) : 0;
    if (account && ended > 0) await recordAccountEvent(tx, account, 'account.other_sessions_ended', { after: { count: ended } });
    return ended;
  });
}

/**
 * Uses a new-device mail's link (docs/accounts.md): ends the session it names, audited, whoever
 * follows it, signed in or not. `null` when the link does not work (unknown, used, expired, of
 * another space); `ended: false` when the session had already ended (the link is used all the same).
 */
export async function endSessionByLink(
  db: Database,
  scope: Principal['scope'],
  token: string,
  now: Date,
): Promise<{ ended: boolean } | null> {
  return db.transaction(async (tx) => {
    const link = await useLink(tx, scope, 'end_session', token, now);
    if (!link?.detail) return null;
    const described = await describedSession(tx, link, link.detail, now);
    const account = await findAccount(tx, scope, link.id);
    const ended = await endSessionById(tx, scope, link.id, link.detail);
    if (account && ended) await recordAccountEvent(tx, account, 'account.session_ended', { after: { ...described, via: 'mail' } });
    return { ended };
  });
}
