import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failWith } from '../../http/errors.js';
import { DeliveryId, DeliveryIdParams, WebhookIdParams } from '../../http/params.js';
import { CsrfField } from '../../http/session-space.js';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { PLAN_NAMES, PLAN_WEBHOOKS } from '../../../domain/agencies/plans.js';
import { createEndpoint, deleteEndpoint, listEndpoints, rotateSecret, updateEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { deliveryLog, queueTestMessage, retryDelivery } from '../../../domain/webhooks/deliveries.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../domain/webhooks/delivery-policy.js';
import type { FieldError, Outcome } from '../../../platform/outcome.js';
import { agencyWebhookScopes, findOwnEndpoint } from '../../../domain/webhooks/own-endpoint.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { capReached, DeleteEndpointPage, EndpointPage, SecretPage, WebhooksPage, type WebhooksView } from '../views/webhooks-page.js';
import { endpointUrlProblem } from '../../../domain/webhooks/endpoint-url.js';
import { statusOf } from '../../http/error-codes.js';
import type { AgencyEnv } from '../../../domain/tenant.js';

const EventType = Type.Union(WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type)));
const NewEndpoint = Type.Object({
  ...CsrfField,
  url: Type.String({ minLength: 1, maxLength: 2_000 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  env: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  events: Type.Optional(Type.Union([EventType, Type.Array(EventType, { maxItems: WEBHOOK_EVENT_TYPES.length })])),
});
const FLASHES: Record<string, string> = {
  test: 'Message de test envoyé : il apparaît dans le journal ci-dessous.',
  relance: 'Livraison relancée : le nouvel essai apparaît dans le journal.',
  desactive: 'Point de réception désactivé : rien ne lui est plus envoyé.',
  reactive: 'Point de réception réactivé : il reçoit les changements à partir de maintenant.',
  supprime: 'Point de réception supprimé.',
};
const FlashQuery = Type.Object({
  fait: Type.Optional(Type.String({ maxLength: 20 })),
  avant: Type.Optional(DeliveryId()),
});

/**
 * `/pro/webhooks` (docs/decisions.md §9, §13): the agency admin's view of the v1 webhook API — list,
 * add (the secret shown once), test, delivery log with retry, secret rotation, disable, delete.
 * Admins only, declared on each route.
 */
export const webhooksPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const allowPrivate = config.webhooks.allowPrivate;
  /** The signed-in agency's endpoint with its scope, or the not-found page (another agency's id included). */
  const ownEndpoint = async (request: FastifyRequest, reply: FastifyReply, webhookId: string) => {
    const own = await findOwnEndpoint(db, space.agencyOf(request), webhookId, now());
    if (!own) space.message(request, reply, 404, 'Point de réception introuvable', 'Aucun de vos points de réception n’a cet identifiant.');
    return own;
  };
  const unwrap = <T,>(outcome: Outcome<T>): T => {
    if (!outcome.ok) throw failWith(outcome);
    return outcome.value;
  };

  /** The list of the agency's endpoints with its plan's cap. */
  const listView = async (request: FastifyRequest, flash: string | null): Promise<WebhooksView> => {
    const agency = (await findAgency(db, space.agencyOf(request)))!;
    const [live, test] = await Promise.all(agencyWebhookScopes(agency.id).map((scope) => listEndpoints(db, scope, now())));
    return { endpoints: [...live!, ...test!], planName: PLAN_NAMES[agency.plan], cap: PLAN_WEBHOOKS[agency.plan], now: now(), flash };
  };

  app.get('/webhooks', { config: adminsOnly, schema: { hide: true, querystring: FlashQuery } }, async (request, reply) => {
    const view = await listView(request, FLASHES[request.query.fait ?? ''] ?? null);
    return space.page(reply, 200, <WebhooksPage viewer={space.viewerOf(request)} view={view} />);
  });

  app.post('/webhooks', { config: adminsOnly, schema: { hide: true, body: NewEndpoint } }, async (request, reply) => {
    const body = request.body;
    const events =
      body.events === undefined ? null : ([] as WebhookEventType[]).concat(body.events as WebhookEventType | WebhookEventType[]);
    const typed = { url: body.url.trim(), description: body.description?.trim() ?? '', env: body.env, events: events ?? [] };
    // A refusal shows the form again with what was typed and a French message by the field, as every form of the space does.
    const again = async (status: number, errors: FieldError[]) => {
      const view = await listView(request, null);
      return space.page(reply, status, <WebhooksPage viewer={space.viewerOf(request)} view={view} form={{ ...typed, errors }} />);
    };
    const problem = endpointUrlProblem(typed.url, body.env, allowPrivate);
    if (problem) return again(400, [{ field: 'url', message: problem.fr }]);
    const scope = { agencyId: space.agencyOf(request), env: body.env };
    const created = await createEndpoint(db, scope, { url: typed.url, events, description: typed.description || null }, now(), {
      allowPrivate,
    });
    if (!created.ok && created.code === 'forbidden') {
      const { planName, cap } = await listView(request, null);
      return again(statusOf(created.code), [{ field: 'env', message: capReached(planName, cap, body.env) }]);
    }
    const { endpoint, secret } = unwrap(created);
    return space.page(reply, 201, <SecretPage viewer={space.viewerOf(request)} endpoint={endpoint} secret={secret} created />);
  });

  app.get(
    '/webhooks/:webhookId',
    { config: adminsOnly, schema: { hide: true, params: WebhookIdParams, querystring: FlashQuery } },
    async (request, reply) => {
      const own = await ownEndpoint(request, reply, request.params.webhookId);
      if (!own) return reply;
      const log = unwrap(await deliveryLog(db, own.scope, own.endpoint.webhookId, { limit: 20, before: request.query.avant }));
      const flash = FLASHES[request.query.fait ?? ''] ?? null;
      return space.page(
        reply,
        200,
        <EndpointPage viewer={space.viewerOf(request)} endpoint={own.endpoint} log={log} now={now()} flash={flash} />,
      );
    },
  );

  const action = (
    path: string,
    run: (
      scope: AgencyEnv,
      webhookId: string,
      request: FastifyRequest<{ Params: { webhookId: string; deliveryId?: string } }>,
    ) => Promise<Outcome<unknown>>,
    done: string,
  ) =>
    app.post(
      path,
      {
        config: adminsOnly,
        schema: { hide: true, params: path.includes(':deliveryId') ? DeliveryIdParams : WebhookIdParams, body: Type.Object(CsrfField) },
      },
      async (request, reply) => {
        const params = request.params as { webhookId: string; deliveryId?: string };
        const own = await ownEndpoint(request, reply, params.webhookId);
        if (!own) return reply;
        unwrap(await run(own.scope, own.endpoint.webhookId, request as never));
        app.services.webhooks?.nudge();
        return space.seeOther(
          reply,
          done === 'supprime' ? '/pro/webhooks?fait=supprime' : `/pro/webhooks/${own.endpoint.webhookId}?fait=${done}`,
        );
      },
    );
  action('/webhooks/:webhookId/test', (scope, id) => queueTestMessage(db, scope, id, now()), 'test');
  action(
    '/webhooks/:webhookId/disable',
    (scope, id) => updateEndpoint(db, scope, id, { enabled: false }, now(), { allowPrivate }),
    'desactive',
  );
  action(
    '/webhooks/:webhookId/enable',
    (scope, id) => updateEndpoint(db, scope, id, { enabled: true }, now(), { allowPrivate }),
    'reactive',
  );
  action('/webhooks/:webhookId/delete', (scope, id) => deleteEndpoint(db, scope, id), 'supprime');
  action(
    '/webhooks/:webhookId/deliveries/:deliveryId/retry',
    (scope, id, request) => retryDelivery(db, scope, id, request.params.deliveryId!, now()),
    'relance',
  );

  app.post(
    '/webhooks/:webhookId/rotate',
    { config: adminsOnly, schema: { hide: true, params: WebhookIdParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const own = await ownEndpoint(request, reply, request.params.webhookId);
      if (!own) return reply;
      const rotated = unwrap(await rotateSecret(db, own.scope, own.endpoint.webhookId, now()));
      return space.page(
        reply,
        200,
        <SecretPage viewer={space.viewerOf(request)} endpoint={rotated.endpoint} secret={rotated.secret} created={false} />,
      );
    },
  );

  app.get(
    '/webhooks/:webhookId/delete',
    { config: adminsOnly, schema: { hide: true, params: WebhookIdParams } },
    async (request, reply) => {
      const own = await ownEndpoint(request, reply, request.params.webhookId);
      if (!own) return reply;
      return space.page(reply, 200, <DeleteEndpointPage viewer={space.viewerOf(request)} endpoint={own.endpoint} />);
    },
  );
};
