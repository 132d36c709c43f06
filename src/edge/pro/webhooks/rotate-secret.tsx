import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WebhookIdParams } from '../../http/params.js';
import { CsrfField } from '../../http/session-space.js';
import { rotateSecret } from '../../../domain/webhooks/endpoint-store.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { SecretPage } from '../views/webhooks-page.js';
import { ownEndpoint, unwrap } from './own-endpoint.js';

/** POST /pro/webhooks/{webhookId}/rotate: a new secret, shown once. */
export const rotateSecretPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  app.post(
    '/webhooks/:webhookId/rotate',
    { config: adminsOnly, schema: { hide: true, params: WebhookIdParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const own = await ownEndpoint(app, space, request, reply, request.params.webhookId);
      if (!own) return reply;
      const rotated = unwrap(await rotateSecret(db, own.scope, own.endpoint.webhookId, now()));
      return space.page(
        reply,
        200,
        <SecretPage viewer={space.viewerOf(request)} endpoint={rotated.endpoint} secret={rotated.secret} created={false} />,
      );
    },
  );
};
