import { Type } from 'typebox';
import { DateTime, Int, Text } from '../../../platform/validation/schema-types.js';
import { NO_CONTROL_CHARACTERS } from '../../../platform/validation/storable.js';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks/delivery-policy.js';
import { WEBHOOK_URL_MAX } from '../../../domain/webhooks/endpoint-url.js';
import { DeliveryId, WebhookId } from '../../http/params.js';

export const WEBHOOK_DESCRIPTION_MAX = 500;

const EventTypes = Type.Array(Type.String({ enum: [...WEBHOOK_EVENT_TYPES] }), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'Event types sent to this endpoint. Absent or null: every type.',
});
const Url = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  pattern: NO_CONTROL_CHARACTERS,
  description:
    'Where deliveries are POSTed. https:// for LIVE endpoints (http:// is accepted in the sandbox); no user:password, no #fragment; never a loopback, ' +
    'private, link-local or metadata address — checked here for address literals and again on the resolved addresses at every delivery. ' +
    'To receive webhooks on your own machine, start a development service with WEBHOOK_ALLOW_PRIVATE=1, which lifts the address rule and accepts http:// on LIVE.',
});
const Description = Type.Union([Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX, pattern: NO_CONTROL_CHARACTERS }), Type.Null()], {
  description: 'A note for the agency’s people.',
});

export const WebhookCreate = Type.Object(
  {
    url: Url,
    events: Type.Optional(Type.Union([EventTypes, Type.Null()])),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  },
  { additionalProperties: false },
);

export const WebhookUpdate = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Type.Union([EventTypes, Type.Null()])),
    description: Type.Optional(Description),
    enabled: Type.Optional(
      Type.Boolean({
        description:
          'false stops deliveries and fails the waiting ones (retry them later); true starts again from the events committed from then on, and forgets past failures.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const WebhookEndpoint = Type.Object({
  webhookId: WebhookId,
  env: Type.String({
    enum: ['live', 'test'],
    description: 'live endpoints receive LIVE events, test endpoints (made with a TEST key) sandbox events only.',
  }),
  url: Type.String({ maxLength: WEBHOOK_URL_MAX }),
  description: Type.Union([Text(WEBHOOK_DESCRIPTION_MAX), Type.Null()]),
  events: Type.Union([Type.Array(Type.String({ enum: [...WEBHOOK_EVENT_TYPES] }), { maxItems: WEBHOOK_EVENT_TYPES.length }), Type.Null()], {
    description: 'null: every type.',
  }),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([Type.String({ enum: ['manual', 'failing'] }), Type.Null()], {
    description: 'manual: disabled by the agency; failing: every attempt failed for 5 days, so the service disabled it.',
  }),
  disabledAt: Type.Union([DateTime(), Type.Null()]),
  failingSince: Type.Union([DateTime(), Type.Null()], {
    description: 'Start of the current run of failed attempts; null after a success.',
  }),
  previousSecretValidUntil: Type.Union([DateTime(), Type.Null()], {
    description: 'During a rotation: until then deliveries carry a signature by the previous secret too.',
  }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});

const Secret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/=]{40,100}$',
  maxLength: 106,
  description: 'The signing secret (Standard Webhooks). Shown in this answer only: store it now.',
});

export const WebhookCreated = Type.Object({ webhook: WebhookEndpoint, secret: Secret });
export const WebhookList = Type.Object({ webhooks: Type.Array(WebhookEndpoint, { maxItems: 3 }) });
export const SecretRotated = Type.Object({ webhook: WebhookEndpoint, secret: Secret });
export const WebhookDeleted = Type.Object({
  webhookId: WebhookId,
  deleted: Type.Literal(true, { description: 'Nothing more is sent to it; its log is gone.' }),
});
export const DeliveryQueued = Type.Object({ deliveryId: DeliveryId() });

export const DeliveriesQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ enum: ['pending', 'succeeded', 'failed'] })),
    before: Type.Optional(DeliveryId('next of the previous page.')),
    limit: Type.Optional(Int(1, 100, { default: 20 })),
  },
  { additionalProperties: false },
);

const Attempt = Type.Object({
  attempt: Int(1, 1_000),
  at: DateTime(),
  status: Type.Union([Int(100, 599), Type.Null()], {
    description: 'The receiver’s HTTP status; null when it gave none (timeout, refused address, reset…).',
  }),
  error: Type.Union([Text(400), Type.Null()], { description: 'Why the attempt failed; null on success.' }),
  latencyMs: Int(0, 2_147_483_647),
  answer: Type.Union([Text(1024), Type.Null()], { description: 'The first KiB of the answer’s body.' }),
});

export const DeliveryLog = Type.Object({
  deliveries: Type.Array(
    Type.Object({
      deliveryId: DeliveryId(),
      eventType: Type.String({ enum: [...WEBHOOK_EVENT_TYPES] }),
      eventId: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
      state: Type.String({ enum: ['pending', 'succeeded', 'failed'] }),
      attempts: Type.Array(Attempt, { maxItems: 1_000 }),
      nextAttemptAt: Type.Union([DateTime(), Type.Null()], {
        description: 'When the next automatic attempt is due; null when none is planned.',
      }),
      createdAt: DateTime(),
      payload: Type.String({ maxLength: 1_000_000, description: 'The exact body sent.' }),
    }),
    { maxItems: 100 },
  ),
  next: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
    description: 'Pass as before for the next (older) page; null on the last.',
  }),
});
