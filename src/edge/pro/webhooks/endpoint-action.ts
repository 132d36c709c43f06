import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DeliveryIdParams, WebhookIdParams } from '../../http/params.js';
import { CsrfField } from '../../http/session-space.js';
import type { AgencyEnv } from '../../../domain/tenant.js';
import type { Outcome } from '../../../platform/outcome.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { ownEndpoint, unwrap } from './own-endpoint.js';

/** The path parameters of an action: the endpoint's, and the delivery's for a retry. */
export interface ActionParams {
  webhookId: string;
  deliveryId?: string;
}

/**
 * A button of an endpoint's page: `run` on the signed-in agency's endpoint, then back to the page
 * (the list after a deletion) with the flash `done`.
 */
export function endpointAction(
  app: FastifyInstance,
  space: ProSpace,
  path: string,
  run: (tenant: AgencyEnv, webhookId: string, params: ActionParams) => Promise<Outcome<unknown>>,
  done: string,
) {
  app.post(
    path,
    {
      config: adminsOnly,
      schema: { hide: true, params: path.includes(':deliveryId') ? DeliveryIdParams : WebhookIdParams, body: Type.Object(CsrfField) },
    },
    async (request, reply) => {
      const params = request.params as ActionParams;
      const own = await ownEndpoint(app, space, request, reply, params.webhookId);
      if (!own) return reply;
      unwrap(await run(own.scope, own.endpoint.webhookId, params));
      app.services.webhooks?.nudge();
      return space.seeOther(
        reply,
        done === 'supprime' ? '/pro/webhooks?fait=supprime' : `/pro/webhooks/${own.endpoint.webhookId}?fait=${done}`,
      );
    },
  );
}
