import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantOf } from '../http/tenant.js';
import { failWith } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import { decideListing } from '../../domain/listings/decisions.js';
import { Moderation, OPERATOR_REASON_MAX } from '../../domain/listings/schemas.js';
import { moderationView } from '../../domain/listings/response-views.js';
import { Count, Int } from '../../platform/validation/schema-types.js';
import { v1Status } from '../../domain/listings/v1-record.js';
import { V1_STATUSES } from './schemas.js';
import { ServiceIdParams } from '../http/params.js';
import { SERVICE_ID_HINTS } from './listings/listing-http.js';

const SandboxDecision = Type.Object(
  {
    decision: Type.String({
      enum: ['approve', 'reject'],
      description: 'approve publishes the listing’s latest version; reject refuses it.',
    }),
    reason: Type.Optional(
      Type.String({ minLength: 1, maxLength: OPERATOR_REASON_MAX, description: 'Shown with the decision, as an operator’s would be.' }),
    ),
    version: Type.Optional(
      Int(1, 2_147_483_647, { description: 'The version you decide on: a listing changed since is refused (409), as for an operator.' }),
    ),
  },
  { additionalProperties: false },
);

const DecisionResult = Type.Object({
  serviceId: ServiceIdParams.properties.serviceId,
  externalId: Type.String({ maxLength: 200 }),
  version: Count(),
  status: Type.String({ enum: [...V1_STATUSES] }),
  moderation: Moderation(),
});

/**
 * Sandbox only: a TEST key plays the operator on its own sandbox listings (docs/decisions.md §11), so
 * an integrator can take a listing through every moderation path and see every event.
 */
export const sandboxModerationRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/listings/:serviceId/moderation',
    {
      config: { scope: 'listings:write', fieldHints: SERVICE_ID_HINTS },
      schema: {
        tags: ['v1'],
        operationId: 'sandboxDecideModeration',
        servers: [
          { url: '/sandbox', description: 'This server, sandbox (TEST keys): the only place this operation exists' },
          { url: `${app.services.config.baseUrl}/sandbox`, description: 'Sandbox (TEST keys), at BASE_URL' },
        ],
        summary: 'Sandbox: approve or reject a listing as an operator would',
        description:
          'Only under /sandbox/v1 with a TEST key. Sandbox listings are decided at once: approved, unless the title contains [reject] (rejected) or ' +
          '[review] (pending). This call then plays the operator: approve publishes the latest version (event listing.published), reject refuses ' +
          'it (listing.rejected). A listing that changed since the given version is 409.',
        security: [{ bearerAuth: [] }],
        params: ServiceIdParams,
        body: SandboxDecision,
        response: { 200: DecisionResult, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { decision, reason, version } = request.body;
      const decided = await decideListing(
        app.services.db,
        request.params.serviceId,
        { decision: decision as 'approve' | 'reject', reason, expectedVersion: version, by: 'sandbox' },
        app.services.now(),
        tenantOf(request),
      );
      if (!decided.ok) throw failWith(decided);
      const listing = decided.value;
      return {
        serviceId: listing.serviceId,
        externalId: listing.externalId,
        version: listing.version,
        status: v1Status(listing),
        moderation: moderationView(listing),
      };
    },
  );
};
