import { EVENT_TYPES } from '../events/outbox.js';

/** What an endpoint can subscribe to: every outbox event, and the test message it asks for. */
export const WEBHOOK_EVENT_TYPES = [...EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * docs/decisions.md §9: the first attempt at once, then retries after 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h — eight attempts over about 28 hours, after which the delivery is failed.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long after failed attempt number `attempt` (1-based) the next one is due; null when none is left. */
export function retryDelayMs(attempt: number): number | null {
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** An endpoint whose every attempt failed for this long is disabled (the pro space says why). */
export const FAILING_DISABLES_AFTER_MS = 5 * 24 * 3_600_000;
/** During a rotation the previous secret signs beside the new one this long (Standard Webhooks). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** A receiver gets this long to answer, headers and body. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** An answer's body is read up to this size; a longer one is a failed attempt. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** What the delivery log keeps of an answer. */
export const KEPT_ANSWER_BYTES = 1024;
/** Finished deliveries and their attempts are kept this long in the log. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;
