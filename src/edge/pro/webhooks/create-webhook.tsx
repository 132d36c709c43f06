import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsrfField } from '../../http/session-space.js';
import { statusOf } from '../../http/error-codes.js';
import { createEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../domain/webhooks/delivery-policy.js';
import { endpointUrlProblem } from '../../../domain/webhooks/endpoint-url.js';
import type { FieldError } from '../../../platform/outcome.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { capReached, SecretPage, WebhooksPage } from '../views/webhooks-page.js';
import { listView, unwrap } from './own-endpoint.js';

const EventType = Type.Union(WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type)));
const NewEndpoint = Type.Object({
  ...CsrfField,
  url: Type.String({ minLength: 1, maxLength: 2_000 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  env: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  events: Type.Optional(Type.Union([EventType, Type.Array(EventType, { maxItems: WEBHOOK_EVENT_TYPES.length })])),
});

/** POST /pro/webhooks: a new endpoint, its secret shown once; a refusal shows the form again. */
export const createWebhookPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const allowPrivate = config.webhooks.allowPrivate;
  app.post('/webhooks', { config: adminsOnly, schema: { hide: true, body: NewEndpoint } }, async (request, reply) => {
    const body = request.body;
    const events =
      body.events === undefined ? null : ([] as WebhookEventType[]).concat(body.events as WebhookEventType | WebhookEventType[]);
    const typed = { url: body.url.trim(), description: body.description?.trim() ?? '', env: body.env, events: events ?? [] };
    // A refusal shows the form again with what was typed and a French message by the field, as every form of the space does.
    const again = async (status: number, errors: FieldError[]) => {
      const view = await listView(app, space, request, null);
      return space.page(reply, status, <WebhooksPage viewer={space.viewerOf(request)} view={view} form={{ ...typed, errors }} />);
    };
    const problem = endpointUrlProblem(typed.url, body.env, allowPrivate);
    if (problem) return again(400, [{ field: 'url', message: problem.fr }]);
    const tenant = { agencyId: space.agencyOf(request), env: body.env };
    const created = await createEndpoint(db, tenant, { url: typed.url, events, description: typed.description || null }, now(), {
      allowPrivate,
    });
    if (!created.ok && created.code === 'forbidden') {
      const { planName, cap } = await listView(app, space, request, null);
      return again(statusOf(created.code), [{ field: 'env', message: capReached(planName, cap, body.env) }]);
    }
    const { endpoint, secret } = unwrap(created);
    return space.page(reply, 201, <SecretPage viewer={space.viewerOf(request)} endpoint={endpoint} secret={secret} created />);
  });
};
