import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { askPasswordReset, resetPassword } from '../../../domain/account-security/password-reset.js';
import { changePassword } from '../../../domain/account-security/password-change.js';
import { isEmailAddress } from '../../../domain/credentials/email.js';
import { linkIsLive } from '../../../domain/credentials/one-time-links.js';
import type { FieldError } from '../../../platform/outcome.js';
import {
  ChangePasswordView,
  DeadResetLinkView,
  ForgotPasswordView,
  PasswordResetDoneView,
  ResetPasswordView,
} from '../../html/accounts/password-views.js';
import { signedIn } from '../plugins/session-auth.js';
import type { SessionSpace } from '../space-kit.js';

const Field = Type.Optional(Type.String({ maxLength: 1000 }));
const Csrf = { _csrf: Type.Optional(Type.String({ maxLength: 100 })) };
const ForgotBody = Type.Object({ ...Csrf, email: Field });
const NewPasswordBody = Type.Object({ ...Csrf, password: Field, confirmation: Field });
const ChangeBody = Type.Object({ ...Csrf, current: Field, password: Field, confirmation: Field });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const Done = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 40 })) });
const isPublic = { public: true };
const hidden = { hide: true };

const EXPIRED_FORM: FieldError = {
  field: 'form',
  message: 'Le formulaire a expiré : rechargez la page et recommencez. Rien n’a été modifié.',
};
const MISMATCH: FieldError = { field: 'confirmation', message: 'Les deux saisies du nouveau mot de passe diffèrent.' };

/** The new password typed twice: the same both times. */
const mismatch = (body: { password?: string; confirmation?: string }) =>
  (body.password ?? '') !== (body.confirmation ?? '') ? [MISMATCH] : [];

/**
 * Passwords in both spaces (docs/accounts.md): « Mot de passe oublié » and the reset link's page,
 * before signing in (the space's double-submit token), and the change on the account page.
 */
export async function passwordRoutes(instance: FastifyInstance, space: SessionSpace): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  forgotRoutes(app, space);
  resetRoutes(app, space);
  changeRoutes(app, space);
}

type Routes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

function forgotRoutes(app: Routes, space: SessionSpace): void {
  const { db, now } = app.services;
  const { base, scope, framed } = space;
  const forgotPage = (reply: FastifyReply, status: number, email: string, errors: FieldError[], sentTo: string | null = null) =>
    framed(
      reply.request,
      reply,
      status,
      'Mot de passe oublié',
      <ForgotPasswordView {...{ base, email, errors, sentTo }} csrf={space.formToken(reply)} />,
    );
  app.get('/password/forgot', { config: isPublic, schema: hidden }, async (_request, reply) => forgotPage(reply, 200, '', []));
  app.post('/password/forgot', { config: isPublic, schema: { ...hidden, body: ForgotBody } }, async (request, reply) => {
    const email = (request.body.email ?? '').trim();
    if (!space.formTokenOk(request)) return forgotPage(reply, 403, email, [EXPIRED_FORM]);
    if (!isEmailAddress(email))
      return forgotPage(reply, 400, email, [{ field: 'email', message: 'Indiquez une adresse e-mail valide, comme nom@agence.fr.' }]);
    // The same work and the same answer for every address: the account is looked up by the job.
    const asked = await askPasswordReset(db, { scope, email, clientAddress: request.ip }, now());
    if (!asked.ok) {
      reply.header('retry-after', String(asked.retryAfterSeconds));
      const minutes = Math.ceil(asked.retryAfterSeconds / 60);
      return forgotPage(reply, 429, email, [{ field: 'email', message: `Trop de demandes : réessayez dans ${minutes} min.` }]);
    }
    return forgotPage(reply, 200, email, [], email);
  });
}

function resetRoutes(app: Routes, space: SessionSpace): void {
  const { db, now, config } = app.services;
  const { base, scope, framed } = space;
  // 404 rather than 410: whether a link existed is none of a visitor's business.
  const deadLink = (reply: FastifyReply) =>
    framed(reply.request, reply, 404, 'Lien expiré ou déjà utilisé', <DeadResetLinkView base={base} />);
  const resetPage = (reply: FastifyReply, status: number, token: string, errors: FieldError[]) =>
    framed(
      reply.request,
      reply,
      status,
      'Nouveau mot de passe',
      <ResetPasswordView {...{ base, token, errors }} csrf={space.formToken(reply)} />,
    );
  app.get('/password/reset/:token', { config: isPublic, schema: { ...hidden, params: TokenParams } }, async (request, reply) => {
    const { token } = request.params;
    return (await linkIsLive(db, scope, 'reset', token, now())) ? resetPage(reply, 200, token, []) : deadLink(reply);
  });
  app.post(
    '/password/reset/:token',
    { config: isPublic, schema: { ...hidden, params: TokenParams, body: NewPasswordBody } },
    async (request, reply) => {
      const { token } = request.params;
      if (!space.formTokenOk(request)) return resetPage(reply, 403, token, [EXPIRED_FORM]);
      const errors = mismatch(request.body);
      if (errors.length) return resetPage(reply, 400, token, errors);
      const reset = await resetPassword(db, { scope, token, password: request.body.password ?? '' }, now(), config);
      if (!reset.ok && reset.reason === 'weak') return resetPage(reply, 400, token, [{ field: 'password', message: reset.message }]);
      if (!reset.ok) return deadLink(reply);
      return framed(request, reply, 200, 'Mot de passe changé', <PasswordResetDoneView base={base} csrf={space.formToken(reply)} />);
    },
  );
}

function changeRoutes(app: Routes, space: SessionSpace): void {
  const { db, now, config } = app.services;
  const { base, scope, framed } = space;
  const changePage = (reply: FastifyReply, status: number, errors: FieldError[], done = false) => {
    const csrf = signedIn(reply.request).session.csrfToken;
    return framed(reply.request, reply, status, 'Changer de mot de passe', <ChangePasswordView {...{ base, csrf, errors, done }} />);
  };
  app.get('/account/password', { schema: { ...hidden, querystring: Done } }, async (request, reply) =>
    changePage(reply, 200, [], request.query.fait === 'mot-de-passe'),
  );
  app.post('/account/password', { schema: { ...hidden, body: ChangeBody } }, async (request, reply) => {
    const errors = mismatch(request.body);
    if (errors.length) return changePage(reply, 400, errors);
    const { session, principal } = signedIn(request);
    const { current = '', password = '' } = request.body;
    const changed = await changePassword(
      db,
      { principal: { scope, id: principal.id }, sessionId: session.id, current, password },
      now(),
      config,
    );
    if (!changed.ok) {
      if (changed.reason === 'throttled') reply.header('retry-after', String(changed.retryAfterSeconds));
      const status = { wrong_current: 400, weak: 400, throttled: 429 }[changed.reason];
      return changePage(reply, status, [{ field: changed.reason === 'weak' ? 'password' : 'current', message: changed.message }]);
    }
    // A new session id and token for the one that changed it; the others ended with the change.
    await app.sessions.elevate(request, reply, principal.id);
    return space.seeOther(reply, `${base}/account/password?fait=mot-de-passe`);
  });
}
