import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { askAddressChange, confirmAddressChange, DEAD_CHANGE_LINK_FR } from '../../../domain/account-security/address-change.js';
import { findAccount } from '../../../domain/account-security/directory.js';
import { LINK_PATHS } from '../../../domain/account-security/account-paths.js';
import { linkIsLive } from '../../../domain/credentials/one-time-links.js';
import type { FieldError } from '../../../platform/outcome.js';
import { AccountMessage, AddressChangeForm, LinkConfirmForm } from '../../html/accounts/address-views.js';
import { statusOf } from '../error-codes.js';
import { signedIn } from '../plugins/session-auth.js';
import { CsrfField, type SessionSpace } from '../space-kit.js';

// Optional, so that a form sent without them is answered by the page's own French message.
const AskBody = Type.Object({
  ...CsrfField,
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  password: Type.Optional(Type.String({ maxLength: 1000 })),
});
const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const hidden = { hide: true };
const TITLE = 'Adresse e-mail';

/**
 * `${base}/account/email` (docs/accounts.md): a signed-in user or operator asks for a new address
 * with the current password; `${base}/account/email/:token`, the link mailed to the new address,
 * opens a confirmation page in any browser (public: the mail may be read elsewhere), whose button
 * moves the account.
 */
export async function addressRoutes(app: FastifyInstance, space: SessionSpace): Promise<void> {
  askRoutes(app, space);
  linkRoutes(app, space);
}

/** The signed-in form: the new address and the current password. */
function askRoutes(instance: FastifyInstance, space: SessionSpace): void {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, now } = app.services;
  const { base, scope } = space;

  const askForm = async (request: FastifyRequest, reply: FastifyReply, status: number, typed: string, errors: FieldError[]) => {
    const { principal, session } = signedIn(request);
    return space.framed(
      request,
      reply,
      status,
      TITLE,
      <AddressChangeForm
        action={`${base}/account/email`}
        csrf={session.csrfToken}
        current={principal.email}
        typed={typed}
        errors={errors}
      />,
    );
  };
  app.get('/account/email', { schema: hidden }, async (request, reply) => askForm(request, reply, 200, '', []));
  app.post('/account/email', { schema: { ...hidden, body: AskBody } }, async (request, reply) => {
    const account = await findAccount(db, scope, signedIn(request).principal.id);
    if (!account) return space.message(request, reply, 404, 'Compte introuvable', 'Reconnectez-vous, puis recommencez.');
    const { email = '', password = '' } = request.body;
    const asked = await askAddressChange(db, account, { email, password }, config, now());
    if (!asked.ok) {
      for (const [name, value] of Object.entries(asked.headers ?? {})) reply.header(name, value);
      return askForm(request, reply, statusOf(asked.code), email, asked.errors ?? [{ field: 'form', message: asked.detail }]);
    }
    const text = `Nous avons envoyé un lien à ${asked.value.email} : votre adresse changera dès qu’il sera suivi (sous 48 heures). Votre adresse actuelle a été prévenue de la demande.`;
    return space.framed(
      request,
      reply,
      200,
      TITLE,
      <AccountMessage title="Vérifiez votre nouvelle adresse" text={text} next={{ href: base, label: 'Revenir à l’accueil' }} />,
    );
  });
}

/** The link mailed to the new address: a confirmation page, then the change. */
function linkRoutes(instance: FastifyInstance, space: SessionSpace): void {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.services;
  const { base, scope } = space;
  const deadLink = (request: FastifyRequest, reply: FastifyReply, status: number, text: string) =>
    space.framed(
      request,
      reply,
      status,
      TITLE,
      <AccountMessage title="Lien inutilisable" text={text} next={{ href: `${base}/login`, label: 'Se connecter' }} />,
    );
  const isPublic = { public: true };
  app.get(`${LINK_PATHS.email_change}/:token`, { config: isPublic, schema: { ...hidden, params: TokenParams } }, async (request, reply) => {
    if (!(await linkIsLive(db, scope, 'email_change', request.params.token, now())))
      return deadLink(request, reply, 404, DEAD_CHANGE_LINK_FR);
    const form = (
      <LinkConfirmForm
        action={`${base}${LINK_PATHS.email_change}/${request.params.token}`}
        csrf={space.formToken(reply)}
        title="Confirmer la nouvelle adresse"
        text="Confirmez que cette adresse devient celle de votre compte : vos prochaines connexions et nos messages l’utiliseront."
        button="Confirmer la nouvelle adresse"
      />
    );
    return space.framed(request, reply, 200, TITLE, form);
  });
  app.post(
    `${LINK_PATHS.email_change}/:token`,
    { config: isPublic, schema: { ...hidden, params: TokenParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      if (!space.formTokenOk(request))
        return deadLink(
          request,
          reply,
          403,
          'Le formulaire a expiré : rouvrez le lien reçu par e-mail, puis confirmez. Rien n’a été modifié.',
        );
      const changed = await confirmAddressChange(db, scope, request.params.token, now());
      if (!changed.ok) return deadLink(request, reply, statusOf(changed.code), changed.detail);
      const text = `Votre compte utilise désormais l’adresse ${changed.value.email}, vérifiée par ce lien.`;
      return space.framed(
        request,
        reply,
        200,
        TITLE,
        <AccountMessage title="Adresse changée" text={text} next={{ href: base, label: 'Continuer' }} />,
      );
    },
  );
}
