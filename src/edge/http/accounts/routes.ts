import type { FastifyInstance } from 'fastify';
import type { SessionSpace } from '../space-kit.js';
import { registerSecondFactorRoutes } from './second-factor-routes.js';
import { registerSecurityRoutes } from './security-routes.js';

/**
 * The account pages every session space has, the pro space and the back-office alike
 * (docs/accounts.md): passwords, second factors, sessions. One implementation for both spaces;
 * each space gives its frame (SessionSpaceOptions.framePage).
 */
export async function registerAccountRoutes(app: FastifyInstance, space: SessionSpace): Promise<void> {
  for (const routes of [registerSecondFactorRoutes, registerSecurityRoutes] as Array<
    (app: FastifyInstance, space: SessionSpace) => Promise<void>
  >)
    await routes(app, space);
}
