import type { WebhookEventType } from './delivery-policy.js';

const listing = {
  agencyId: 'agc_0Ph3kQ2aZ1x9mB4tR7sLw',
  env: 'live',
  serviceId: 'lst_0Ph3kR9cY2pQ8vN1dF6gH',
  externalId: 'CRM-2024-0042',
  version: 3,
  status: 'active',
  moderationState: 'approved',
};

const lead = {
  agencyId: listing.agencyId,
  env: 'live',
  leadId: 'lead_0Ph3kS1mN4bV7cX2zA5qW',
  serviceId: listing.serviceId,
  externalId: listing.externalId,
  receivedAt: '2026-11-24T09:41:07.120Z',
};

/** One example body per event type, as sent (docs/decisions.md §9): the OpenAPI description shows them. */
export const EVENT_EXAMPLES: Record<WebhookEventType, { summary: string; data: Record<string, unknown> }> = {
  'listing.created': { summary: 'A listing was created (either interface).', data: { ...listing, version: 1, moderationState: 'pending' } },
  'listing.updated': { summary: 'A listing’s content changed: a new version.', data: listing },
  'listing.status_changed': {
    summary: 'The commercial status moved (previousStatus → status).',
    data: { ...listing, status: 'under_offer', previousStatus: 'active' },
  },
  'listing.deleted': { summary: 'A listing was deleted: it left the site and every read.', data: { ...listing, status: 'withdrawn' } },
  'listing.published': {
    summary: 'A version became public (automatic moderation or an operator).',
    data: { ...listing, decidedBy: 'automatic', waitedMs: 0 },
  },
  'listing.rejected': {
    summary: 'A version was refused, with the reasons.',
    data: {
      ...listing,
      moderationState: 'rejected',
      decidedBy: 'operator',
      waitedMs: 5_400_000,
      reasons: [
        {
          code: 'price_implausible',
          severity: 'reject',
          message: 'The price is implausible for a rental.',
          messageFr: 'Le prix est invraisemblable pour une location.',
        },
      ],
    },
  },
  'lead.received': {
    summary: 'A visitor wrote about a listing through the public site: a new conversation. Read it with GET /v1/leads/{leadId}.',
    data: lead,
  },
  'lead.message_received': {
    summary: 'The visitor wrote again in a conversation. Read it with GET /v1/leads/{leadId}.',
    data: { ...lead, messageId: 'lmsg_0Ph3kU2wQ7eR4tY1uI8oP', receivedAt: '2026-11-24T18:02:51.004Z' },
  },
  'webhook.test': {
    summary: 'Sent by POST /v1/webhooks/{webhookId}/test.',
    data: { agencyId: listing.agencyId, env: 'live', webhookId: 'whk_0Ph3kT5rE8wU3yI6oP9aS' },
  },
};

export const DELIVERY_HEADERS_DOC =
  'Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), ' +
  'webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them ' +
  'separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, ' +
  'a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at ' +
  'least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.';
