import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { linkIsLive } from '../../../domain/credentials/one-time-links.js';
import { endSessionByLink } from '../../../domain/account-security/own-sessions.js';
import { LINK_PATHS } from '../../../domain/account-security/account-paths.js';
import { EndSessionConfirm } from '../../html/accounts/sessions-views.js';
import { CsrfField } from '../space-kit.js';
import type { SessionSpace } from '../space-kit.js';

const Token = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const DEAD_LINK = 'Ce lien ne fonctionne pas ou plus : il a peut-être déjà servi ou expiré. Rien n’a été modifié.';

/**
 * `${base}/sessions/end/:token`, the link of a new-device mail (docs/accounts.md, "New devices"):
 * the page shows one button, whose form ends the session the mail was about. It works signed out
 * (the owner may read the mail anywhere); the form carries the space's token for public forms.
 */
export async function sessionEndRoutes(instance: FastifyInstance, space: SessionSpace): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.services;
  const path = `${LINK_PATHS.end_session}/:token`;
  const config = { public: true };

  app.get(path, { config, schema: { hide: true, params: Token } }, async (request, reply) => {
    if (!(await linkIsLive(db, space.scope, 'end_session', request.params.token, now())))
      return space.message(request, reply, 404, 'Lien sans effet', DEAD_LINK);
    const action = `${space.base}${LINK_PATHS.end_session}/${encodeURIComponent(request.params.token)}`;
    return space.framed(request, reply, 200, 'Terminer la session', <EndSessionConfirm action={action} csrf={space.formToken(reply)} />);
  });

  app.post(path, { config, schema: { hide: true, params: Token, body: Type.Object(CsrfField) } }, async (request, reply) => {
    if (!space.formTokenOk(request))
      return space.message(
        request,
        reply,
        403,
        'Formulaire expiré',
        'Le formulaire a expiré : rouvrez le lien du mail. Rien n’a été modifié.',
      );
    const outcome = await endSessionByLink(db, space.scope, request.params.token, now());
    if (!outcome) return space.message(request, reply, 404, 'Lien sans effet', DEAD_LINK);
    const text = outcome.ended
      ? 'La session ouverte depuis le nouvel appareil est terminée. Changez votre mot de passe si vous ne reconnaissez pas cette connexion.'
      : 'Cette session était déjà terminée.';
    return space.message(request, reply, 200, 'Session terminée', text);
  });
}
