import type { FastifyRequest } from 'fastify';
import type { AgencyEnv } from '../../domain/tenant.js';
import { authenticatedKey } from './plugins/key-auth.js';

/** The agency and environment of the key that authenticated the request: what its capabilities are scoped to. */
export function tenantOf(request: FastifyRequest): AgencyEnv {
  const { agencyId, env } = authenticatedKey(request);
  return { agencyId, env };
}
