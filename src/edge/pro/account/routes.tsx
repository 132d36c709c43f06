import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsrfField } from '../../http/session-space.js';
import { statusOf } from '../../http/error-codes.js';
import { signUp } from '../../../domain/accounts/user-store.js';
import { acceptInvitation, findInvitation } from '../../../domain/accounts/invitations.js';
import { DEAD_LINK_FR, resendVerificationLink, verifyAddress } from '../../../domain/account-security/address-verification.js';
import { linkIsLive } from '../../../domain/credentials/one-time-links.js';
import { signedIn } from '../../http/plugins/session-auth.js';
import { AccountMessage, LinkConfirmForm } from '../../html/accounts/address-views.js';
import { checkAccountFields, signUpOf } from '../../../domain/accounts/signup-input.js';
import type { FieldError } from '../../../platform/outcome.js';
import { accountLinkPath, LINK_PATHS } from '../../../domain/account-security/account-paths.js';
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
const VERIFY_TITLE = 'Adresse e-mail';
const isPublic = { public: true };
const expired: FieldError = { field: 'form', message: 'Le formulaire a expiré : vérifiez les champs et envoyez-le à nouveau.' };

/** Before signing in (docs/decisions.md §13): sign-up and invitations, forms with the space's double-submit token. */
export const accountPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  await app.register(verificationPages, { space });
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
    const created = await signUp(db, signUpOf(values), config, now());
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
        email={invitation.email}
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
      // The invited address is fixed: the colleague chooses a password only.
      const { values, errors } = checkAccountFields(request.body, invitation.email ? ['password'] : ['email', 'password']);
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
            email={invitation.email}
            values={values}
            errors={errs}
          />,
        );
      if (errors.length) return again(errors[0] === expired ? 403 : 400, errors);
      const accepted = await acceptInvitation(db, request.params.token, { email: values.email, password: values.password! }, now());
      if (!accepted.ok) return again(statusOf(accepted.code), accepted.errors ?? [{ field: 'email', message: accepted.detail }]);
      await app.sessions.signIn(request, reply, accepted.value.id);
      return space.seeOther(reply, '/pro');
    },
  );
};

/**
 * The address's proof (docs/accounts.md): `/pro/verify/:token`, the link mailed at sign-up, opens
 * in any browser (public: the mail may be read on another device) a page whose button verifies
 * the address; `/pro/account/verify` mails a new link to a signed-in user whose address waits.
 */
const verificationPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const { framed } = space;
  const verifyMessage = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string) =>
    framed(
      request,
      reply,
      status,
      VERIFY_TITLE,
      <AccountMessage title={title} text={text} next={{ href: '/pro', label: 'Aller au tableau de bord' }} />,
    );

  app.get(`${LINK_PATHS.verify}/:token`, { config: isPublic, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    if (!(await linkIsLive(db, 'pro', 'verify', request.params.token, now())))
      return verifyMessage(request, reply, 404, 'Lien inutilisable', DEAD_LINK_FR);
    const form = (
      <LinkConfirmForm
        action={accountLinkPath('pro', 'verify', request.params.token)}
        csrf={space.formToken(reply)}
        title="Confirmer votre adresse e-mail"
        text="Confirmez que cette adresse est bien la vôtre : votre compte pourra alors créer des clés LIVE."
        button="Confirmer mon adresse"
      />
    );
    return framed(request, reply, 200, VERIFY_TITLE, form);
  });
  app.post(
    `${LINK_PATHS.verify}/:token`,
    { config: isPublic, schema: { hide: true, params: TokenParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      if (!space.formTokenOk(request))
        return verifyMessage(
          request,
          reply,
          403,
          'Formulaire expiré',
          'Rouvrez le lien reçu par e-mail, puis confirmez. Rien n’a été modifié.',
        );
      const verified = await verifyAddress(db, request.params.token, now());
      if (!verified.ok) return verifyMessage(request, reply, statusOf(verified.code), 'Lien inutilisable', verified.detail);
      return verifyMessage(
        request,
        reply,
        200,
        'Adresse confirmée',
        `L’adresse ${verified.value.email} est vérifiée : votre compte peut créer des clés LIVE.`,
      );
    },
  );
  app.post('/account/verify', { schema: { hide: true, body: Type.Object(CsrfField) } }, async (request, reply) => {
    const sent = await resendVerificationLink(db, signedIn(request).principal.id, config, now());
    if (!sent.ok) {
      for (const [name, value] of Object.entries(sent.headers ?? {})) reply.header(name, value);
      return verifyMessage(request, reply, statusOf(sent.code), 'Lien non envoyé', sent.detail);
    }
    const text = `Un nouveau lien a été envoyé à ${sent.value.email}. Il est valable 48 heures ; les liens envoyés avant ne servent plus.`;
    return verifyMessage(request, reply, 200, 'Lien envoyé', text);
  });
};
