import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IdString } from '../../../platform/validation/schema-types.js';
import { listSessions } from '../../../domain/sessions/session-store.js';
import { endOwnOtherSessions, endOwnSession } from '../../../domain/account-security/own-sessions.js';
import { SESSIONS_DONE, SessionsView, type SessionsDone } from '../../html/accounts/sessions-views.js';
import { signedIn } from '../plugins/session-auth.js';
import { CsrfField } from '../space-kit.js';
import type { SessionSpace } from '../space-kit.js';

const PATH = '/account/sessions';
// Open to a principal who must enrol a second factor first: ending a session one does not know is never to wait.
const config = { enrolment: true };
const Done = Type.Optional(Type.Union(Object.keys(SESSIONS_DONE).map((key) => Type.Literal(key))));

/**
 * `${base}/account/sessions` of both spaces (docs/accounts.md, "Sessions"): the principal's live
 * sessions, one ended by its handle, or every other at once; each ending is audited.
 */
export async function sessionsRoutes(instance: FastifyInstance, space: SessionSpace): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.services;
  const principalOf = (request: Parameters<typeof signedIn>[0]) => {
    const { session, principal } = signedIn(request);
    return { session, principal: { scope: space.scope, id: principal.id } };
  };

  app.get(PATH, { config, schema: { hide: true, querystring: Type.Object({ fait: Done }) } }, async (request, reply) => {
    const { session, principal } = principalOf(request);
    const at = now();
    const sessions = await listSessions(db, space.scope, principal.id, at);
    const view = (
      <SessionsView
        base={space.base}
        csrf={session.csrfToken}
        sessions={sessions}
        currentId={session.id}
        now={at}
        done={(request.query.fait as SessionsDone | undefined) ?? null}
      />
    );
    return space.framed(request, reply, 200, 'Vos sessions', view);
  });

  app.post(
    `${PATH}/:sessionId/end`,
    { config, schema: { hide: true, params: Type.Object({ sessionId: IdString('ses') }), body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const { session, principal } = principalOf(request);
      if (request.params.sessionId === session.id)
        return space.message(request, reply, 400, 'Session en cours', 'Pour terminer la session en cours, déconnectez-vous.');
      if (!(await endOwnSession(db, principal, request.params.sessionId, session.id, now())))
        return space.message(request, reply, 404, 'Session introuvable', 'Cette session est déjà terminée. Rien n’a été modifié.');
      return space.seeOther(reply, `${space.base}${PATH}?fait=terminee`);
    },
  );

  app.post(`${PATH}/end-others`, { config, schema: { hide: true, body: Type.Object(CsrfField) } }, async (request, reply) => {
    const { session, principal } = principalOf(request);
    const ended = await endOwnOtherSessions(db, principal, session.id);
    return space.seeOther(reply, `${space.base}${PATH}?fait=${ended > 0 ? 'autres' : 'aucune'}`);
  });
}
