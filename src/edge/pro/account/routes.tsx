import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsrfField } from '../../http/session-space.js';
import { statusOf } from '../../http/error-codes.js';
import { acceptInvitation, findInvitation, signUp } from '../../../domain/accounts/user-store.js';
import { checkAccountFields, signUpOf } from '../../../domain/accounts/signup-input.js';
import type { FieldError } from '../../../platform/outcome.js';
import type { ProSpace } from '../space.js';
import { InvitationPage, SignupPage } from '../views/account-pages.js';
import { KeyCreatedPage } from '../views/keys-page.js';

const COPY_SCRIPT = `document.querySelectorAll('button[data-copy]').forEach(function (b) {
  var f = document.getElementById(b.getAttribute('data-copy')); b.hidden = false;
  b.addEventListener('click', function () { navigator.clipboard.writeText(f.value).then(function () { b.textContent = 'Copiée'; }); });
});`;
const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const Field = Type.Optional(Type.String({ maxLength: 1000 }));
const SignupBody = Type.Object({ ...CsrfField, agencyName: Field, siren: Field, email: Field, password: Field, plan: Field });
const InvitationBody = Type.Object({ ...CsrfField, email: Field, password: Field });
const isPublic = { public: true };
const expired: FieldError = { field: 'form', message: 'Le formulaire a expiré : vérifiez les champs et envoyez-le à nouveau.' };

/** Before signing in (docs/decisions.md §13): sign-up and invitations, forms with the space's double-submit token. */
export const accountPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  const { page, formToken, formTokenOk, message } = space;

  app.get('/assets/copy.js', { config: isPublic, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(COPY_SCRIPT),
  );

  app.get('/signup', { config: isPublic, schema: { hide: true } }, async (_request, reply) =>
    page(reply, 200, <SignupPage csrf={formToken(reply)} values={{}} errors={[]} />),
  );
  app.post('/signup', { config: isPublic, schema: { hide: true, body: SignupBody } }, async (request, reply) => {
    const { values, errors } = checkAccountFields(request.body, ['agencyName', 'siren', 'email', 'password', 'plan']);
    if (!formTokenOk(request)) errors.unshift(expired);
    if (errors.length)
      return page(reply, errors[0] === expired ? 403 : 400, <SignupPage csrf={formToken(reply)} values={values} errors={errors} />);
    const created = await signUp(db, signUpOf(values));
    if (!created.ok) return page(reply, 409, <SignupPage csrf={formToken(reply)} values={values} errors={created.errors ?? []} />);
    await app.sessions.signIn(request, reply, created.value.user.id);
    // The TEST key's value is shown this once, like any new key.
    return page(
      reply,
      201,
      <KeyCreatedPage
        viewer={{ email: created.value.user.email, role: 'admin', agencyName: created.value.agency.name, csrf: '' }}
        name="Clé de test"
        env="test"
        value={created.value.testKey}
      />,
    );
  });

  const unknownInvitation = 'Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle.';
  app.get('/invitation/:token', { config: isPublic, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const invitation = await findInvitation(db, request.params.token, now());
    if (!invitation) return message(request, reply, 404, 'Invitation introuvable', unknownInvitation);
    return page(
      reply,
      200,
      <InvitationPage
        csrf={formToken(reply)}
        token={request.params.token}
        agencyName={invitation.agencyName}
        role={invitation.role}
        values={{}}
        errors={[]}
      />,
    );
  });
  app.post(
    '/invitation/:token',
    { config: isPublic, schema: { hide: true, params: TokenParams, body: InvitationBody } },
    async (request, reply) => {
      const invitation = await findInvitation(db, request.params.token, now());
      if (!invitation) return message(request, reply, 404, 'Invitation introuvable', unknownInvitation);
      const { values, errors } = checkAccountFields(request.body, ['email', 'password']);
      if (!formTokenOk(request)) errors.unshift(expired);
      const again = (status: number, errs: FieldError[]) =>
        page(
          reply,
          status,
          <InvitationPage
            csrf={formToken(reply)}
            token={request.params.token}
            agencyName={invitation.agencyName}
            role={invitation.role}
            values={values}
            errors={errs}
          />,
        );
      if (errors.length) return again(errors[0] === expired ? 403 : 400, errors);
      const accepted = await acceptInvitation(db, request.params.token, { email: values.email!, password: values.password! }, now());
      if (!accepted.ok) return again(statusOf(accepted.code), accepted.errors ?? [{ field: 'email', message: accepted.detail }]);
      await app.sessions.signIn(request, reply, accepted.value.id);
      return space.seeOther(reply, '/pro');
    },
  );
};
