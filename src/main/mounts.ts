import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { KeyEnvironment } from '../domain/keys/bearer.js';
import { sandboxV1Routes, v1Routes } from '../edge/v1/routes.js';
import { ListingCreate, ListingRecord, ListingUpdate } from '../edge/v1/schemas.js';
import { ingestionRoutes } from '../edge/ingestion/routes.js';
import { withStandardErrors } from '../edge/http/schemas.js';
import { keyAuth } from '../edge/http/plugins/key-auth.js';
import { quota } from '../edge/http/plugins/quota.js';
import { scopeCheck } from '../edge/http/plugins/scope.js';
import { idempotency } from '../edge/http/plugins/idempotency.js';

interface InterfaceMount {
  prefix: string;
  routes: FastifyPluginAsync;
  keys: KeyEnvironment;
  /** v1 calls count against the agency's plan quota too. */
  isV1: boolean;
}

/**
 * Schemas the v1 mounts share by $ref, named components of the OpenAPI description. They
 * are added before any route is registered: a schema added to the root after a child scope
 * exists leaves that scope compiling with Fastify's default validator (which drops unknown
 * fields instead of refusing them).
 */
export function addSharedSchemas(app: FastifyInstance) {
  app.addSchema(ListingCreate);
  app.addSchema(ListingRecord);
  app.addSchema(ListingUpdate);
}

/**
 * Both interfaces are mounted twice: on their live paths for LIVE keys and under
 * /sandbox for TEST keys. Each mount stacks the same concerns, in this order, over
 * every route it holds: key authentication, quota, scope, idempotency. Authenticated calls are
 * written to the request log by the root's after-response hook.
 */
export async function registerInterfaces(app: FastifyInstance) {
  const { config } = app.services;
  const v1 = { liveBaseUrl: `${config.baseUrl}/v1`, sandboxBaseUrl: `${config.baseUrl}/sandbox/v1` };
  const ingest = { liveBaseUrl: config.ingestBaseUrl, sandboxBaseUrl: `${config.baseUrl}/sandbox/ingest` };
  const mounts: InterfaceMount[] = [
    { prefix: '/v1', routes: v1Routes, keys: { env: 'live', ...v1 }, isV1: true },
    { prefix: '/sandbox/v1', routes: sandboxV1Routes, keys: { env: 'test', ...v1 }, isV1: true },
    { prefix: '/ingest', routes: ingestionRoutes, keys: { env: 'live', ...ingest }, isV1: false },
    { prefix: '/sandbox/ingest', routes: ingestionRoutes, keys: { env: 'test', ...ingest }, isV1: false },
  ];
  for (const mount of mounts) {
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', (route) => {
          if (route.schema && !route.schema.hide) withStandardErrors(route.schema as Parameters<typeof withStandardErrors>[0]);
        });
        await scope.register(keyAuth, mount.keys);
        await scope.register(quota, { countsAgainstPlan: mount.isV1 });
        await scope.register(scopeCheck);
        await scope.register(idempotency);
        await scope.register(mount.routes);
      },
      { prefix: mount.prefix },
    );
  }
}
