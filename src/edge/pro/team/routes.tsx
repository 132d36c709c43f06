import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsrfField } from '../../http/session-space.js';
import { listTeam, removeUser, ROLES } from '../../../domain/accounts/user-store.js';
import { inviteColleague, listPendingInvitations, revokeInvitation } from '../../../domain/accounts/invitations.js';
import type { FieldError } from '../../../platform/outcome.js';
import { UserIdParams } from '../../http/params.js';
import { IdString } from '../../../platform/validation/schema-types.js';
import { statusOf } from '../../http/error-codes.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { foldAddress, undeliverableMarks } from '../../../platform/mail/undeliverable.js';
import { TeamPage, type TeamForm } from '../views/team-page.js';

// The address is optional, so that a form sent without it is answered by the page's own French message (and an agent by the role's 403).
const InvitationForm = Type.Object({
  ...CsrfField,
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  role: Type.Union(ROLES.map((r) => Type.Literal(r))),
});
const InvitationParams = Type.Object({ invitationId: IdString('inv') });
const FlashQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 20 })) });
const FLASHES: Record<string, string> = {
  invitee: 'Invitation envoyée par e-mail : elle est valable 7 jours.',
  revoquee: 'Invitation révoquée : son lien ne sert plus.',
};

/**
 * `/pro/team` (docs/decisions.md §13, docs/accounts.md): an admin invites a colleague by mail,
 * revokes a pending invitation, and removes members.
 */
export const teamPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const { page, viewerOf, agencyOf, userOf } = space;
  const teamPage = async (request: FastifyRequest, reply: FastifyReply, status: number, form: TeamForm) => {
    const agencyId = agencyOf(request);
    const [team, invitations] = await Promise.all([listTeam(db, agencyId), listPendingInvitations(db, agencyId, now())]);
    // Members whose address the SMTP server refused for good: they hear of no contact by mail.
    const refused = new Set(
      (
        await undeliverableMarks(
          db,
          team.map((user) => user.email),
        )
      ).map((mark) => mark.address),
    );
    const unreachable = new Set(team.filter((user) => refused.has(foldAddress(user.email))).map((user) => user.id));
    return page(
      reply,
      status,
      <TeamPage viewer={viewerOf(request)} team={team} unreachable={unreachable} invitations={invitations} form={form} />,
    );
  };

  app.get('/team', { config: adminsOnly, schema: { hide: true, querystring: FlashQuery } }, async (request, reply) =>
    teamPage(request, reply, 200, { flash: FLASHES[request.query.fait ?? ''] ?? null, email: '', role: 'agent', errors: [] }),
  );
  app.post('/team/invitations', { config: adminsOnly, schema: { hide: true, body: InvitationForm } }, async (request, reply) => {
    const { email = '', role } = request.body;
    const invited = await inviteColleague(db, { agencyId: agencyOf(request), email, role, by: userOf(request) }, config, now());
    if (!invited.ok) {
      const errors: FieldError[] = invited.errors ?? [{ field: 'email', message: invited.detail }];
      return teamPage(request, reply, statusOf(invited.code), { flash: null, email, role, errors });
    }
    return space.seeOther(reply, '/pro/team?fait=invitee');
  });
  app.post(
    '/team/invitations/:invitationId/revoke',
    { config: adminsOnly, schema: { hide: true, params: InvitationParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const revoked = await revokeInvitation(
        db,
        { agencyId: agencyOf(request), invitationId: request.params.invitationId, by: userOf(request) },
        now(),
      );
      if (!revoked.ok) return space.message(request, reply, statusOf(revoked.code), 'Révocation impossible', revoked.detail);
      return space.seeOther(reply, '/pro/team?fait=revoquee');
    },
  );
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
