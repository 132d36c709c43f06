import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAgencies } from '../../../domain/agencies/agency-store.js';
import { IdString, Int } from '../../../platform/validation/schema-types.js';
import { agencyView } from '../agency-view.js';

/** More than an operator reads at once, so a search of a few hundred agencies is one page. */
const PAGE_MAX = 1000;

const AgencyQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Int(1, PAGE_MAX, { default: PAGE_MAX }),
    after: Type.Optional(IdString('agc')),
  },
  { additionalProperties: false },
);

/**
 * GET /admin/api/agencies: agencies oldest first, a page at a time (give `next` as `after`).
 * Operators look agencies up by a piece of their name ("demo"), whatever its case.
 */
export const listAgenciesRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get('/agencies', { schema: { querystring: AgencyQuery, hide: true } }, async (request) => {
    const { name, limit, after } = request.query;
    const page = await listAgencies(db, { nameContains: name || undefined, after, limit });
    return { agencies: page.agencies.map(agencyView), next: page.next };
  });
};
