import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failWith } from '../../http/errors.js';
import { DeliveryId } from '../../http/params.js';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { PLAN_NAMES, PLAN_WEBHOOKS } from '../../../domain/agencies/plans.js';
import { listEndpoints } from '../../../domain/webhooks/endpoint-store.js';
import { agencyWebhookScopes, findOwnEndpoint } from '../../../domain/webhooks/own-endpoint.js';
import type { Outcome } from '../../../platform/outcome.js';
import type { ProSpace } from '../space.js';
import type { WebhooksView } from '../views/webhooks-page.js';

/** What the webhook pages share: their flash messages, the signed-in agency's endpoint, the list view. */

export const FLASHES: Record<string, string> = {
  test: 'Message de test envoyé : il apparaît dans le journal ci-dessous.',
  relance: 'Livraison relancée : le nouvel essai apparaît dans le journal.',
  desactive: 'Point de réception désactivé : rien ne lui est plus envoyé.',
  reactive: 'Point de réception réactivé : il reçoit les changements à partir de maintenant.',
  supprime: 'Point de réception supprimé.',
};

export const FlashQuery = Type.Object({
  fait: Type.Optional(Type.String({ maxLength: 20 })),
  avant: Type.Optional(DeliveryId()),
});

export const unwrap = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw failWith(outcome);
  return outcome.value;
};

/** The signed-in agency's endpoint with its tenant, or the not-found page (another agency's id included). */
export async function ownEndpoint(app: FastifyInstance, space: ProSpace, request: FastifyRequest, reply: FastifyReply, webhookId: string) {
  const own = await findOwnEndpoint(app.services.db, space.agencyOf(request), webhookId, app.services.now());
  if (!own) space.message(request, reply, 404, 'Point de réception introuvable', 'Aucun de vos points de réception n’a cet identifiant.');
  return own;
}

/** The list of the agency's endpoints, both environments, with its plan's cap. */
export async function listView(
  app: FastifyInstance,
  space: ProSpace,
  request: FastifyRequest,
  flash: string | null,
): Promise<WebhooksView> {
  const { db, now } = app.services;
  const agency = (await findAgency(db, space.agencyOf(request)))!;
  const [live, test] = await Promise.all(agencyWebhookScopes(agency.id).map((scope) => listEndpoints(db, scope, now())));
  return { endpoints: [...live!, ...test!], planName: PLAN_NAMES[agency.plan], cap: PLAN_WEBHOOKS[agency.plan], now: now(), flash };
}
