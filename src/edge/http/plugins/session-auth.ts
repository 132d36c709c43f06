import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createSession,
  endSession,
  findSession,
  type Session,
  type SessionScope,
  type SessionStage,
} from '../../../domain/sessions/session-store.js';
import { sameToken } from '../../../domain/credentials/same-token.js';

export interface SignedIn {
  session: Session;
  /** Who the session is: an operator or a pro user, as the space's `resolve` found them. */
  principal: {
    id: string;
    email: string;
    agencyId?: string;
    agencyName?: string;
    role?: string;
    liveKeys?: boolean;
    /** A pro user whose address was proven by the link mailed to it. */
    emailVerified?: boolean;
    /** Must enrol a second factor before anything else of the space opens (docs/accounts.md). */
    mustEnrol?: boolean;
  };
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
    /** Open to a session that has given its password and awaits its second factor (the code page). */
    secondFactorStep?: boolean;
    /** Open to a principal who must enrol a second factor first (the security page, sign-out). */
    enrolment?: boolean;
  }
}

/** How long a sign-in waits for its second factor once the password was right. */
export const SECOND_FACTOR_WAIT_MS = 10 * 60_000;

/** The database the sessions live in, as the session store takes it: the plugin hands it on and runs no SQL. */
type SessionDatabase = Parameters<typeof findSession>[0];

/**
 * Why a request was refused: no live session, a form without the session's token, a role the
 * route does not admit, a sign-in still waiting for its second factor, or a principal who must
 * enrol a second factor first.
 */
export type SessionRefusal = 'signed_out' | 'csrf' | 'role' | 'second_factor' | 'enrol';

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
  /**
   * Opens a new session for the principal (always a new id: a session is never carried over a
   * sign-in) at `stage`, from the request's browser; its cookie replaces any other.
   */
  signIn(request: FastifyRequest, reply: FastifyReply, principalId: string, stage?: SessionStage): Promise<Session>;
  /**
   * Replaces the request's session by a new full one (a new id and token): after a second
   * factor, a first factor enrolled, a password changed. The old cookie opens nothing any more.
   */
  elevate(request: FastifyRequest, reply: FastifyReply, principalId: string): Promise<Session>;
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

    const open = async (request: FastifyRequest, reply: FastifyReply, principalId: string, stage: SessionStage) => {
      const client = { userAgent: request.headers['user-agent'] ?? null, address: request.ip };
      const ttl = stage === 'full' ? options.ttlMs : SECOND_FACTOR_WAIT_MS;
      const { token, session } = await createSession(options.db, options.scope, principalId, options.now(), ttl, { stage, client });
      reply.setCookie(options.cookieName, token, { ...cookieOptions, expires: session.expiresAt });
      return session;
    };
    app.decorate('sessions', {
      async signIn(request, reply, principalId, stage = 'full') {
        await endSession(options.db, request.cookies[options.cookieName]);
        return open(request, reply, principalId, stage);
      },
      async elevate(request, reply, principalId) {
        await endSession(options.db, request.cookies[options.cookieName]);
        return open(request, reply, principalId, 'full');
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
      const config = request.routeOptions.config;
      // Half a sign-in opens the code page alone, and shows no one as signed in.
      if (session.stage === 'second_factor') {
        if (!config.secondFactorStep) return options.refuse(request, reply, 'second_factor');
        request.signedIn = { session, principal };
        return;
      }
      request.signedIn = { session, principal };
      // After the token check, so a forged form is refused as such whoever sent it; signed in, so the refusal page shows who is.
      if (principal.mustEnrol && !config.enrolment && !config.secondFactorStep) return options.refuse(request, reply, 'enrol');
      const role = config.role;
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
