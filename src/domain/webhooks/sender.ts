import type { Agent } from 'undici';
import { isPublicAddress, literalAddress } from './address-policy.js';
import { DELIVERY_TIMEOUT_MS, KEPT_ANSWER_BYTES, MAX_ANSWER_BYTES } from './delivery-policy.js';
import { describeFailure, guardedAgent, type Resolver } from './guarded-agent.js';

export type { Resolver } from './guarded-agent.js';

/** How an attempt ended, as the delivery log shows it. */
export interface AttemptResult {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  /** Why the attempt failed, in a sentence; null on success. */
  error: string | null;
  latencyMs: number;
  /** The first KiB of the answer's body. */
  answer: string | null;
}

/**
 * POSTs signed deliveries (undici, keep-alive per receiver). It follows no redirect, gives a
 * receiver DELIVERY_TIMEOUT_MS for the whole answer, reads at most MAX_ANSWER_BYTES of it,
 * and — unless private addresses are allowed — connects only to public addresses, checked
 * where the connection is made (`guardedAgent`).
 */
export class WebhookSender {
  /** Made with the first delivery: a server with no endpoint never loads undici (idle memory). */
  private agent: Promise<Agent> | null = null;
  private readonly makeAgent: () => Promise<Agent>;

  constructor(private readonly options: { allowPrivate: () => boolean; resolve?: Resolver; timeoutMs?: number }) {
    this.makeAgent = () =>
      guardedAgent({
        allows: (address) => options.allowPrivate() || isPublicAddress(address),
        resolve: options.resolve,
        timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      });
  }

  async send(url: string, headers: Record<string, string>, body: string, stop?: AbortSignal): Promise<AttemptResult> {
    const started = performance.now();
    const result = (ok: boolean, status: number | null, error: string | null, answer: string | null): AttemptResult => ({
      ok,
      status,
      error,
      latencyMs: Math.round(performance.now() - started),
      answer,
    });
    const target = new URL(url);
    const address = literalAddress(target.hostname);
    if (address && !this.options.allowPrivate() && !isPublicAddress(address)) {
      return result(false, null, `${address} is a loopback, private, link-local or metadata address`, null);
    }
    const timeoutMs = this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = stop ? AbortSignal.any([deadline, stop]) : deadline;
    try {
      const agent = await (this.agent ??= this.makeAgent());
      const answer = await agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'listing-sync-webhooks/1' },
        body,
        signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          answer.body.destroy();
          return result(false, answer.statusCode, `the answer's body is over ${MAX_ANSWER_BYTES / 1024} KiB`, keptAnswer(chunks));
        }
        if (size - chunk.length < KEPT_ANSWER_BYTES) chunks.push(chunk);
      }
      const status = answer.statusCode;
      if (status >= 200 && status < 300) return result(true, status, null, keptAnswer(chunks));
      const location = typeof answer.headers.location === 'string' ? ` to ${answer.headers.location.slice(0, 200)}` : '';
      const why =
        status >= 300 && status < 400 ? `redirect${location} not followed: give the final URL` : `the receiver answered ${status}`;
      return result(false, status, why, keptAnswer(chunks));
    } catch (error) {
      return result(false, null, describeFailure(error, deadline.aborted ? timeoutMs : null), null);
    }
  }

  async close(): Promise<void> {
    await (await this.agent)?.close();
  }
}

function keptAnswer(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  return Buffer.concat(chunks).subarray(0, KEPT_ANSWER_BYTES).toString('utf8');
}
