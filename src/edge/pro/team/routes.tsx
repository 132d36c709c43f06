import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsrfField } from '../../http/session-space.js';
import { createInvitation, listTeam, removeUser, ROLES } from '../../../domain/accounts/user-store.js';
import { UserIdParams } from '../../http/params.js';
import { statusOf } from '../../http/error-codes.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { TeamPage } from '../views/team-page.js';

const InvitationForm = Type.Object({ ...CsrfField, role: Type.Union(ROLES.map((r) => Type.Literal(r))) });

/** `/pro/team` (docs/decisions.md §13): an admin invites users (a link to pass on) and removes them. */
export const teamPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const { page, viewerOf, agencyOf, userOf } = space;

  app.get('/team', { config: adminsOnly, schema: { hide: true } }, async (request, reply) =>
    page(reply, 200, <TeamPage viewer={viewerOf(request)} team={await listTeam(db, agencyOf(request))} invitation={null} />),
  );
  app.post('/team/invitations', { config: adminsOnly, schema: { hide: true, body: InvitationForm } }, async (request, reply) => {
    const { token } = await createInvitation(db, agencyOf(request), request.body.role, userOf(request), now());
    const link = `${config.siteUrl}/pro/invitation/${token}`;
    return page(
      reply,
      201,
      <TeamPage viewer={viewerOf(request)} team={await listTeam(db, agencyOf(request))} invitation={{ link, role: request.body.role }} />,
    );
  });
  app.post(
    '/team/:userId/remove',
    { config: adminsOnly, schema: { hide: true, params: UserIdParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const removed = await removeUser(db, agencyOf(request), request.params.userId, userOf(request));
      if (!removed.ok) return space.message(request, reply, statusOf(removed.code), 'Retrait impossible', removed.detail);
      return space.seeOther(reply, '/pro/team');
    },
  );
};
