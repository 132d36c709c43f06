import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSession, endSession, findSession, type Session, type SessionScope } from '../../../domain/sessions/session-store.js';
import { sameToken } from '../../../domain/credentials/same-token.js';

export interface SignedIn {
  session: Session;
  /** Who the session is: an operator or a pro user, as the space's `resolve` found them. */
  principal: { id: string; email: string; agencyId?: string; agencyName?: string; role?: string; liveKeys?: boolean };
}

declare module 'fastify' {
  interface FastifyRequest {
    signedIn: SignedIn | null;
  }
  interface FastifyContextConfig {
    /** Pages a signed-out visitor may open (the login page). */
    public?: boolean;
    /** The role a signed-in principal needs for this route (the pro space's `admin`); any role without it. */
    role?: string;
  }
}

/** The database the sessions live in, as the session store takes it: the plugin hands it on and runs no SQL. */
type SessionDatabase = Parameters<typeof findSession>[0];

/** Why a request was refused: no live session, a form without the session's token, or a role the route does not admit. */
export type SessionRefusal = 'signed_out' | 'csrf' | 'role';

export interface SessionAuthOptions {
  scope: SessionScope;
  /** The cookie carrying the session, sent only under `path`. */
  cookieName: string;
  path: string;
  loginPath: string;
  ttlMs: number;
  /** Whether cookies are marked Secure (the service serves TLS). */
  secure: boolean;
  /** The principal behind a session, or null when it may no longer sign in (disabled, removed). */
  resolve(principalId: string): Promise<SignedIn['principal'] | null>;
  /** Answers a refused request: a page for a browser. */
  refuse(request: FastifyRequest, reply: FastifyReply, why: SessionRefusal): FastifyReply;
  now(): Date;
}

export interface SessionControls {
  signIn(reply: FastifyReply, principalId: string): Promise<void>;
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionControls;
  }
}

/**
 * Session authentication for one space of pages (docs/decisions.md §13): a cookie per space
 * (`HttpOnly`, `SameSite=Lax`, `Secure` under TLS, limited to the space's path), sessions in
 * PostgreSQL so any process serves any request, and a CSRF token on every form: a state-
 * changing request without the session's token is refused before its handler runs.
 */
export const sessionAuth = fp<SessionAuthOptions & { db: SessionDatabase }>(
  async (app, options) => {
    if (!app.hasDecorator('parseCookie')) await app.register(cookie);
    app.decorateRequest('signedIn', null);
    const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: options.secure, path: options.path };

    app.decorate('sessions', {
      async signIn(reply, principalId) {
        const { token, session } = await createSession(options.db, options.scope, principalId, options.now(), options.ttlMs);
        reply.setCookie(options.cookieName, token, { ...cookieOptions, expires: session.expiresAt });
      },
      async signOut(request, reply) {
        await endSession(options.db, request.cookies[options.cookieName]);
        reply.clearCookie(options.cookieName, cookieOptions);
      },
    } satisfies SessionControls);

    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.config.public) return;
      const session = await findSession(options.db, options.scope, request.cookies[options.cookieName], options.now());
      const principal = session ? await options.resolve(session.principalId) : null;
      if (!session || !principal) return options.refuse(request, reply, 'signed_out');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const given = (request.body as Record<string, unknown> | undefined)?._csrf;
        if (!sameToken(given, session.csrfToken)) return options.refuse(request, reply, 'csrf');
      }
      request.signedIn = { session, principal };
      // After the token check, so a forged form is refused as such whoever sent it; signed in, so the refusal page shows who is.
      const role = request.routeOptions.config.role;
      if (role !== undefined && principal.role !== role) return options.refuse(request, reply, 'role');
    });
  },
  { name: 'session-auth', fastify: '5.x' },
);

/**
 * Who is signed in, for a route behind sessionAuth. A route declared public has no session: reading
 * one there is a wiring mistake (a 500), never a visitor's, since the plugin refuses signed-out requests.
 */
export function signedIn(request: FastifyRequest): SignedIn {
  if (!request.signedIn)
    throw new Error(`${request.method} ${request.routeOptions.url} reads the session but is public or not behind session-auth`);
  return request.signedIn;
}
