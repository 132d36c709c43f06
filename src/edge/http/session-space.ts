import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fieldErrorsFromAjv, type AjvIssue } from '../../platform/validation/schema-validator.js';
import { FRENCH_RULES } from '../../platform/validation/french-rule-words.js';
import formbody from '@fastify/formbody';
import type { Children } from '@kitajs/html';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newSecret, type SessionScope } from '../../domain/sessions/session-store.js';
import { hasSecondFactor } from '../../domain/credentials/second-factors.js';
import { sameToken } from '../../domain/credentials/same-token.js';
import { renderDocument } from '../html/render.js';
import type { SignInFields } from '../html/sign-in-form.js';
import { toApiError } from './errors.js';
import { sessionAuth, type SessionAuthOptions, type SessionRefusal } from './plugins/session-auth.js';
import { finishSignIn } from './accounts/finish-sign-in.js';
import { CsrfField, type SessionSpace } from './space-kit.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { safeNext } from './safe-next.js';

/** A sign-in attempt as a space's login capability answers it. */
export type SpaceSignIn =
  | { ok: true; principalId: string }
  | { ok: false; reason: 'invalid' | 'disabled' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export interface SessionSpaceOptions {
  /** The space's path ('/pro', '/admin'): its cookies, its login page, where `next` may lead. */
  base: string;
  scope: SessionScope;
  sessionCookie: string;
  ttlMs: number;
  resolve: SessionAuthOptions['resolve'];
  /** The double-submit cookie of the forms shown before signing in, and the path it is sent under. */
  formCookie: { name: string; path: string };
  signIn(input: { email: string; password: string; address: string }, now: Date): Promise<SpaceSignIn>;
  loginPage(form: SignInFields): JSX.Element;
  /** The space's page for a refusal or a failure, with its frame for whoever is signed in (if anyone). */
  messagePage(request: FastifyRequest, title: string, text: string): JSX.Element;
  /**
   * The space's frame around an account page of the kit (password, second factors, sessions):
   * its navigation for whoever is signed in, the signed-out one otherwise.
   */
  framePage(request: FastifyRequest, title: string, children: Children): JSX.Element;
  texts: {
    /** A form posted after the session ended. */
    sessionExpired: string;
    /** The title of a failure's (5xx) page. */
    failure: string;
    /** A disabled account with the right password; without it, answered as a wrong password. */
    disabled?: string;
    /** A route declared for another role (`config.role`). */
    roleRefused?: { title: string; text: string };
  };
}

export type { SessionSpace } from './space-kit.js';

export const page = (reply: FastifyReply, status: number, element: JSX.Element) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderDocument(element));
export const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).send();

// Owned by space-kit.ts and safe-next.ts, which the shared account routes import too (no cycle through this file).
export { CsrfField, safeNext };
const Next = Type.Optional(Type.String({ maxLength: 500 }));
const LoginBody = Type.Object({
  ...CsrfField,
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 256 }),
  next: Next,
});

type Message = SessionSpace['message'];

/** How the space answers a request its session refuses: a signed-out GET goes to the sign-in page, the rest get a page saying why. */
function refusalAnswer(base: string, texts: SessionSpaceOptions['texts'], message: Message) {
  return (request: FastifyRequest, reply: FastifyReply, why: SessionRefusal) => {
    const get = request.method === 'GET';
    if (why === 'signed_out' && get) return seeOther(reply, `${base}/login?next=${encodeURIComponent(request.url)}`);
    if (why === 'signed_out') return message(request, reply, 401, 'Session expirée', texts.sessionExpired);
    if (why === 'second_factor' && get) return seeOther(reply, `${base}/login/code?next=${encodeURIComponent(request.url)}`);
    if (why === 'second_factor')
      return message(
        request,
        reply,
        401,
        'Connexion à terminer',
        'Saisissez d’abord votre second facteur : la connexion n’est pas terminée.',
      );
    if (why === 'enrol' && get) return seeOther(reply, `${base}/account/security`);
    if (why === 'enrol')
      return message(
        request,
        reply,
        403,
        'Double authentification requise',
        'Activez d’abord la double authentification sur la page Sécurité de votre compte.',
      );
    if (why === 'role')
      return message(
        request,
        reply,
        403,
        texts.roleRefused?.title ?? 'Accès refusé',
        texts.roleRefused?.text ?? 'Cette page ne vous est pas ouverte.',
      );
    return message(
      request,
      reply,
      403,
      'Formulaire expiré',
      'Ce formulaire ne vient pas de votre session en cours : rechargez la page et recommencez. Rien n’a été modifié.',
    );
  };
}

/** A refused or failed request of the space, as its message page (a failure is logged). */
function errorAnswer(base: string, texts: SessionSpaceOptions['texts'], message: Message) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toApiError(error);
    if (problem.status >= 500) request.log.error({ err: error }, `${base} page failed`);
    // A form or an address its schema refused: the rules in French, each message led by its field.
    const refusedFields = error.validation
      ? fieldErrorsFromAjv(error.validation as AjvIssue[], error.validationContext === 'body' ? 'formulaire' : 'adresse', FRENCH_RULES)
      : null;
    const details = refusedFields?.length
      ? refusedFields.map((e) => e.message).join(' ; ')
      : problem.errors?.length
        ? problem.errors.map((e) => `${e.field} : ${e.message}`).join(' ; ')
        : problem.detail;
    return message(
      request,
      reply,
      problem.status,
      problem.status >= 500 ? texts.failure : 'Demande refusée',
      `${details}. Rien n’a été modifié.`,
    );
  };
}

/**
 * Sign-in (the form's double-submit token, the space's login capability and its throttling, then
 * back to `next` inside the space) and sign-out.
 */
function registerSignIn(
  instance: FastifyInstance,
  options: SessionSpaceOptions,
  forms: Pick<SessionSpace, 'formToken' | 'formTokenOk'> & { clearFormToken(reply: FastifyReply): void },
): void {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { now } = app.services;
  const { base, texts } = options;
  const loginForm = (reply: FastifyReply, status: number, email: string, text: string | null, next: string) =>
    page(reply, status, options.loginPage({ csrf: forms.formToken(reply), email, message: text, next }));
  app.get(
    '/login',
    { config: { public: true }, schema: { hide: true, querystring: Type.Object({ next: Next }) } },
    async (request, reply) => loginForm(reply, 200, '', null, safeNext(base, request.query.next)),
  );
  app.post('/login', { config: { public: true }, schema: { hide: true, body: LoginBody } }, async (request, reply) => {
    const { email, password, next: asked } = request.body;
    const next = safeNext(base, asked);
    if (!forms.formTokenOk(request))
      return loginForm(reply, 403, email, 'Le formulaire a expiré : saisissez à nouveau vos identifiants.', next);
    const outcome = await options.signIn({ email, password, address: request.ip }, now());
    if (outcome.ok) {
      forms.clearFormToken(reply);
      // A second factor, when the account has one, comes before anything of the space opens.
      if (await hasSecondFactor(app.services.db, { scope: options.scope, id: outcome.principalId })) {
        await app.sessions.signIn(request, reply, outcome.principalId, 'second_factor');
        return seeOther(reply, `${base}/login/code?next=${encodeURIComponent(next)}`);
      }
      await finishSignIn(request, reply, outcome.principalId);
      return seeOther(reply, next);
    }
    if (outcome.reason === 'throttled') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return loginForm(reply, 429, email, `Trop de tentatives : réessayez dans ${Math.ceil(outcome.retryAfterSeconds / 60)} min.`, next);
    }
    if (outcome.reason === 'disabled' && texts.disabled) return loginForm(reply, 403, email, texts.disabled, next);
    return loginForm(reply, 401, email, 'Adresse e-mail ou mot de passe incorrect.', next);
  });

  const anyStage = { secondFactorStep: true, enrolment: true };
  app.post('/logout', { config: anyStage, schema: { hide: true, body: Type.Object(CsrfField) } }, async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return seeOther(reply, `${base}/login`);
  });
}

/**
 * One space of pages behind a session (docs/decisions.md §13), the pro space and the back-office
 * alike: form bodies, the session plugin with its refusals as pages, the error page, sign-in
 * (double-submit token, throttled by the space's login capability) and sign-out. The space's
 * own routes are registered on `app` afterwards and receive the returned kit.
 */
export async function registerSessionSpace(app: FastifyInstance, options: SessionSpaceOptions): Promise<SessionSpace> {
  const { db, config, now } = app.services;
  const { base, texts } = options;
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const message: Message = (request, reply, status, title, text) => page(reply, status, options.messagePage(request, title, text));
  const secure = config.tls !== null;
  await app.register(sessionAuth, {
    db,
    scope: options.scope,
    cookieName: options.sessionCookie,
    path: base,
    loginPath: `${base}/login`,
    ttlMs: options.ttlMs,
    secure,
    now,
    refuse: refusalAnswer(base, texts, message),
    resolve: options.resolve,
  });
  app.setErrorHandler(errorAnswer(base, texts, message));

  // Double-submit token: a cross-site page cannot read this cookie to post the same value.
  const formCookie = { httpOnly: true, sameSite: 'strict' as const, secure, path: options.formCookie.path };
  const formToken = (reply: FastifyReply) => {
    const token = newSecret();
    reply.setCookie(options.formCookie.name, token, formCookie);
    return token;
  };
  const formTokenOk = (request: FastifyRequest) =>
    sameToken((request.body as { _csrf?: unknown })._csrf, request.cookies[options.formCookie.name] ?? newSecret());
  const clearFormToken = (reply: FastifyReply) => void reply.clearCookie(options.formCookie.name, formCookie);
  registerSignIn(app, options, { formToken, formTokenOk, clearFormToken });

  const framed: SessionSpace['framed'] = (request, reply, status, title, children) =>
    page(reply, status, options.framePage(request, title, children));
  const space: SessionSpace = { page, seeOther, message, formToken, formTokenOk, framed, base, scope: options.scope };
  await registerAccountRoutes(app, space);
  return space;
}
