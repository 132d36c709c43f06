import type { FastifyRequest } from 'fastify';
import { tooManyListings } from '../../domain/listings/bulk-write.js';
import { failWith } from './errors.js';

/**
 * A preValidation hook refusing a body of more `listings` than `max(request)` takes, whole,
 * saying how many came (tooManyListings). Before validation, so before the Idempotency-Key is
 * claimed: a refused request leaves its key free for the split requests. A body without a
 * `listings` array is left to the schema, which says what is wrong.
 */
export function refuseMoreListingsThan(max: (request: FastifyRequest) => number, whose = '') {
  return async (request: FastifyRequest): Promise<void> => {
    const listings = (request.body as { listings?: unknown } | null)?.listings;
    const tooMany = Array.isArray(listings) ? tooManyListings(listings.length, max(request), whose) : null;
    if (tooMany) throw failWith(tooMany);
  };
}
