import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../../domain/sessions/session-store.js';

/**
 * The last step of every sign-in (a password alone, a password and a second factor, a passkey):
 * a new full session for the principal from the request's browser.
 */
export async function finishSignIn(request: FastifyRequest, reply: FastifyReply, principalId: string): Promise<Session> {
  const app = request.server;
  const session = request.signedIn?.session;
  return session && session.stage === 'second_factor'
    ? app.sessions.elevate(request, reply, principalId)
    : app.sessions.signIn(request, reply, principalId, 'full');
}
