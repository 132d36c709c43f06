import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

/** An event as the service sends it (docs/decisions.md §9). */
export interface WebhookEvent<Data = Record<string, unknown>> {
  type: string;
  timestamp: string;
  data: Data;
}

/**
 * Checks a webhook delivery's Standard Webhooks signature (webhook-id, webhook-timestamp,
 * webhook-signature) against the endpoint's `whsec_…` secret, and answers the event. Throws
 * WebhookVerificationError when the signature is wrong or the timestamp more than five
 * minutes away. Pass the raw body exactly as received: a re-serialised JSON would not match.
 */
export function verifyWebhook<Data = Record<string, unknown>>(
  payload: string | Buffer,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
): WebhookEvent<Data> {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((value, name) => (plain[name] = value));
  else
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) plain[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return new Webhook(secret).verify(typeof payload === 'string' ? payload : payload.toString('utf8'), plain) as WebhookEvent<Data>;
}
