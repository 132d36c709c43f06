import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session, SessionScope } from '../../../domain/sessions/session-store.js';
import { checkSignInDevice, DEVICE_LIFETIME_MS } from '../../../domain/account-security/devices.js';
import { ACCOUNT_SPACE_PATHS } from '../../../domain/account-security/account-paths.js';

/** The long-lived cookie naming the browser, one per space (docs/accounts.md, "New devices"). */
export const deviceCookieName = (scope: SessionScope) => `ls_${scope}_device`;

/**
 * The last step of every sign-in (a password alone, a password and a second factor, a passkey):
 * a new full session for the principal from the request's browser, then the new-device check
 * (the owner is mailed about a browser the account never used) and the device cookie renewed.
 */
export async function finishSignIn(request: FastifyRequest, reply: FastifyReply, principalId: string): Promise<Session> {
  const app = request.server;
  const { db, config, now } = app.services;
  const current = request.signedIn?.session;
  const session =
    current && current.stage === 'second_factor'
      ? await app.sessions.elevate(request, reply, principalId)
      : await app.sessions.signIn(request, reply, principalId, 'full');
  const base = ACCOUNT_SPACE_PATHS[session.scope];
  const cookieName = deviceCookieName(session.scope);
  const secret = await checkSignInDevice(
    db,
    {
      principal: { scope: session.scope, id: principalId },
      sessionId: session.id,
      userAgent: request.headers['user-agent'] ?? null,
      address: request.ip,
      cookie: request.cookies[cookieName],
    },
    config,
    now(),
  );
  reply.setCookie(cookieName, secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.tls !== null,
    path: base,
    maxAge: DEVICE_LIFETIME_MS / 1000,
  });
  return session;
}
