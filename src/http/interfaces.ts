import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerAuthentication, type InterfaceFace } from '../keys/authenticate.js';
import { v1Routes } from '../v1/routes.js';
import { ingestionRoutes } from '../ingestion/routes.js';
import { withStandardErrors } from './schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which environment's data this mount serves: LIVE paths vs the /sandbox mirror. */
    face: InterfaceFace;
  }
}

/**
 * Both interfaces are mounted twice: on their live paths for LIVE keys and under
 * /sandbox for TEST keys. Each mount authenticates every route it holds.
 */
export async function registerInterfaces(app: FastifyInstance) {
  const { config } = app.services;
  const sandboxIngest = `${config.baseUrl}/sandbox/ingest`;
  const mounts: Array<{ prefix: string; routes: FastifyPluginAsync; face: InterfaceFace }> = [
    { prefix: '/v1', routes: v1Routes, face: { kind: 'v1', env: 'live', liveBaseUrl: `${config.baseUrl}/v1`, sandboxBaseUrl: `${config.baseUrl}/sandbox/v1` } },
    { prefix: '/sandbox/v1', routes: v1Routes, face: { kind: 'v1', env: 'test', liveBaseUrl: `${config.baseUrl}/v1`, sandboxBaseUrl: `${config.baseUrl}/sandbox/v1` } },
    { prefix: '/ingest', routes: ingestionRoutes, face: { kind: 'ingest', env: 'live', liveBaseUrl: config.ingestBaseUrl, sandboxBaseUrl: sandboxIngest } },
    { prefix: '/sandbox/ingest', routes: ingestionRoutes, face: { kind: 'ingest', env: 'test', liveBaseUrl: config.ingestBaseUrl, sandboxBaseUrl: sandboxIngest } },
  ];
  for (const mount of mounts) {
    await app.register(
      async (scope) => {
        scope.decorate('face', mount.face);
        scope.addHook('onRoute', (route) => {
          if (route.schema && !route.schema.hide) withStandardErrors(route.schema as Parameters<typeof withStandardErrors>[0]);
        });
        registerAuthentication(scope, mount.face, app.services);
        await scope.register(mount.routes);
      },
      { prefix: mount.prefix },
    );
  }
}
