import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../http/errors.js';
import { openAgency } from '../../../domain/onboarding/open-agency.js';
import { AGENCY_NAME_MAX } from '../../../domain/agencies/plans.js';
import { normaliseSiren } from '../../../domain/agencies/siren.js';
import { agencyView } from '../agency-view.js';
import { Plan } from './plan.js';

const CreateAgencyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: AGENCY_NAME_MAX }),
    plan: Plan,
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    siren: Type.Optional(Type.String({ maxLength: 20 })),
    verified: Type.Optional(Type.Boolean()),
    shareWithServiceDefault: Type.Optional(Type.Boolean()),
    shareWithRelayDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The SIREN as stored, null when none is given, or a refusal naming the rule. */
function readSiren(given: string | undefined): string | null {
  if (given === undefined) return null;
  const siren = normaliseSiren(given);
  if (siren) return siren;
  const message = 'siren must be 9 digits with a valid checksum (Luhn)';
  throw new ApiError('validation_error', message, [{ field: 'siren', message }]);
}

/** POST /admin/api/agencies: an agency with its default keys. */
export const createAgencyRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.post('/agencies', { schema: { body: CreateAgencyBody, hide: true } }, async (request, reply) => {
    const body = request.body;
    const siren = readSiren(body.siren);
    const result = await db.transaction((tx) => openAgency(tx, { ...body, siren }, { test: 'Default test key', live: 'Default live key' }));
    return reply
      .code(201)
      .header('location', `/admin/api/agencies/${result.agency.id}`)
      .send({
        agencyId: result.agency.id,
        agency: agencyView(result.agency),
        keys: { test: result.testKey.key, live: result.liveKey?.key ?? null },
      });
  });
};
