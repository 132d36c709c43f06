import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { blockedVisitors, unblockVisitor } from '../../../domain/leads/block-list.js';
import { chooseLeadMail, LEAD_MAIL_CHOICES, leadMailChoice } from '../../../domain/leads/preferences.js';
import { undeliverableMark } from '../../../platform/mail/undeliverable.js';
import { CsrfField } from '../../http/session-space.js';
import type { ProSpace } from '../space.js';
import { SettingsPage } from '../views/settings-page.js';

const FLASHES: Record<string, string> = {
  prevenu: 'Préférence enregistrée.',
  debloque: 'Visiteur débloqué : ses prochains messages vous parviendront.',
};
const LeadMailBody = Type.Object({ ...CsrfField, leadMail: Type.Union(LEAD_MAIL_CHOICES.map((choice) => Type.Literal(choice))) });
const UnblockBody = Type.Object({ ...CsrfField, email: Type.String({ maxLength: 254 }) });

/**
 * `/pro/account`, for admins and agents (docs/site-and-spaces.md): how the signed-in user hears of
 * visitors' messages (their own choice), whether mail still reaches them, and the agency's blocked visitors. One page, since the
 * space had no account page and these are the settings a member changes.
 */
export const settingsPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;

  app.get(
    '/account',
    { schema: { hide: true, querystring: Type.Object({ fait: Type.Optional(Type.String({ maxLength: 20 })) }) } },
    async (request, reply) => {
      const viewer = space.viewerOf(request);
      const [leadMail, blocked, refused] = await Promise.all([
        leadMailChoice(db, space.userOf(request)),
        blockedVisitors(db, space.agencyOf(request)),
        undeliverableMark(db, viewer.email),
      ]);
      const flash = FLASHES[request.query.fait ?? ''] ?? null;
      const settings = { viewer, leadMail, blocked, flash, refusedSince: refused?.since ?? null };
      return space.page(reply, 200, <SettingsPage {...settings} />);
    },
  );

  app.post('/account/lead-mail', { schema: { hide: true, body: LeadMailBody } }, async (request, reply) => {
    await chooseLeadMail(db, space.userOf(request), request.body.leadMail, now());
    return space.seeOther(reply, '/pro/account?fait=prevenu');
  });

  app.post('/account/unblock', { schema: { hide: true, body: UnblockBody } }, async (request, reply) => {
    await unblockVisitor(db, space.agencyOf(request), request.body.email);
    return space.seeOther(reply, '/pro/account?fait=debloque#bloques');
  });
};
