import type { FastifyRequest } from 'fastify';
import { restoreQueryOffset } from '../../platform/validation/timestamps.js';

/**
 * A route's `preValidation` for a timestamp in the query: an unencoded + in its offset arrives
 * as a space, so the + is put back before the schema judges it.
 */
export const restoringOffsetOf = (field: string) => async (request: FastifyRequest) => {
  const query = request.query as Record<string, unknown>;
  const value = query[field];
  if (typeof value === 'string') query[field] = restoreQueryOffset(value);
};
