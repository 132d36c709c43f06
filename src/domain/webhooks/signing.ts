import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks has them. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one attempt. Every secret given signs (the new and, during a
 * rotation, the previous one), so a receiver holding either verifies the message.
 */
export function signedHeaders(messageId: string, sentAt: Date, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(' '),
  };
}
