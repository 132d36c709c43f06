import type { FastifyInstance } from 'fastify';
import type { SessionSpace } from '../space-kit.js';
import { passwordRoutes } from './password-routes.js';
import { registerSecondFactorRoutes } from './second-factor-routes.js';
import { registerSecurityRoutes } from './security-routes.js';
import { registerPasskeyRoutes } from './passkey-routes.js';
import { sessionsRoutes } from './sessions-routes.js';
import { sessionEndRoutes } from './session-end-routes.js';
import { addressRoutes } from './address-routes.js';

type AccountRoutes = (app: FastifyInstance, space: SessionSpace) => Promise<void>;

/**
 * The account pages every session space has, the pro space and the back-office alike
 * (docs/accounts.md): passwords, second factors, sessions, addresses. One implementation for
 * both spaces; each space gives its frame (SessionSpaceOptions.framePage).
 */
export async function registerAccountRoutes(app: FastifyInstance, space: SessionSpace): Promise<void> {
  const groups: AccountRoutes[] = [
    passwordRoutes,
    registerSecondFactorRoutes,
    registerSecurityRoutes,
    registerPasskeyRoutes,
    sessionsRoutes,
    sessionEndRoutes,
    addressRoutes,
  ];
  for (const routes of groups) await routes(app, space);
}
