import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerProSpace } from './space.js';
import { accountPages } from './account/routes.js';
import { dashboardPage } from './dashboard/routes.js';
import { keysPages } from './keys/routes.js';
import { webhooksPages } from './webhooks/routes.js';
import { listingsPages } from './listings/routes.js';
import { contactsPages } from './contacts/routes.js';
import { settingsPages } from './account/settings-routes.js';
import { teamPages } from './team/routes.js';
import { importsPages } from './imports/routes.js';
import { passerellePages } from './passerelle/routes.js';
import { activityPage } from './activity/routes.js';

/**
 * The agencies' pro space (docs/decisions.md §13, docs/site-and-spaces.md): French pages behind the `pro` session
 * scope. Admins manage keys, webhooks and the team; agents see listings and contacts. Sign-in and
 * sign-out come with the session-space kit; each page group is a folder.
 */
export const proPages: FastifyPluginAsyncTypebox = async (app) => {
  const space = await registerProSpace(app);
  for (const pages of [
    accountPages,
    dashboardPage,
    keysPages,
    webhooksPages,
    passerellePages,
    listingsPages,
    contactsPages,
    teamPages,
    settingsPages,
    importsPages,
    activityPage,
  ])
    await app.register(pages, { space });
};
