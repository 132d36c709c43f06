import createClient, { type Client } from 'openapi-fetch';
import ky, { HTTPError } from 'ky';
import type { paths } from './schema.js';

export interface RetryPolicy {
  /** Tries per request, the first included. */
  attempts: number;
  /** Upper bound of one backoff delay (jittered exponential: 0.3 s, 0.6 s, 1.2 s… each drawn between 0 and that). */
  maxDelayMs: number;
  /** A Retry-After longer than this ends the request at once instead of waiting (a used-up 24-hour quota). */
  maxRetryAfterMs: number;
}

export interface RetryNotice {
  method: string;
  url: string;
  /** The retry about to be made: 1 for the second try. */
  retry: number;
  /** The status that is retried, or the network error's message. */
  cause: string;
}

export interface ClientOptions {
  /** An API key: svc_pk_LIVE_… (live) or svc_pk_TEST_… (sandbox). */
  key: string;
  /** The service's address, without /sandbox. Default http://127.0.0.1:8080. */
  baseUrl?: string;
  /** Call the sandbox (`/sandbox/…`) with a TEST key. */
  sandbox?: boolean;
  retry?: Partial<RetryPolicy>;
  /** Per try. Default 120 s: a 500-listing push under load takes seconds, not minutes. */
  timeoutMs?: number;
  /** Told before each retry (the CLI prints it). */
  onRetry?: (notice: RetryNotice) => void;
  /** The fetch to use (tests). */
  fetch?: typeof fetch;
}

/** The service's address when none is given: `npm start` on this machine. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** What is wrong with a base URL (it must be an http(s) address with a host, no query), or null: the CLI asks too. */
export function baseUrlProblem(url: string): string | null {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    /* refused below */
  }
  return !parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname || parsed.search || parsed.hash
    ? `must be an http:// or https:// address with a host, such as ${DEFAULT_BASE_URL}; got ${JSON.stringify(url)}.`
    : null;
}

/** The base URL without its trailing slashes, refused before any request. */
function checkedBaseUrl(url: string): string {
  const problem = baseUrlProblem(url);
  if (problem) throw new TypeError(`The base URL ${problem}`);
  return url.replace(/\/+$/, '');
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/** Statuses worth a retry: rate limits, server faults and gateways, and timeouts. */
const RETRIED = [408, 429, 500, 502, 503, 504];

export type ListingSyncClient = Client<paths> & { readonly baseUrl: string };

/**
 * A typed client of the service (every operation of its OpenAPI description), whose requests
 * are retried by ky: on 429 and 503 after Retry-After, on other 5xx, 408 and network errors
 * after a jittered exponential backoff, and on a 409 that carries Retry-After (the first try
 * of the same Idempotency-Key is still running). POSTs are retried too: send an
 * Idempotency-Key with them (pushListings does) so a retry never counts twice.
 */
export function createListingSyncClient(options: ClientOptions): ListingSyncClient {
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const baseUrl = `${checkedBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL)}${options.sandbox ? '/sandbox' : ''}`;
  // An unset variable would go out as `Bearer undefined`, and come back as a malformed key.
  if (typeof options.key !== 'string' || options.key.trim() === '' || /\s/.test(options.key))
    throw new TypeError('The key is empty or holds spaces: give an API key, svc_pk_LIVE_… or svc_pk_TEST_….');
  const retrying = ky.create({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeout: options.timeoutMs ?? 120_000,
    // Only what may be retried is thrown (and so retried); every other answer reaches the caller as it is.
    throwHttpErrors: (status) => RETRIED.includes(status) || status === 409,
    retry: {
      limit: policy.attempts - 1,
      methods: ['get', 'post', 'put', 'patch', 'delete', 'head'],
      statusCodes: RETRIED,
      afterStatusCodes: [409, 413, 429, 503],
      maxRetryAfter: policy.maxRetryAfterMs,
      backoffLimit: policy.maxDelayMs,
      jitter: true,
      shouldRetry: ({ error }) => {
        if (!(error instanceof HTTPError)) return undefined;
        const retryAfter = error.response.headers.get('retry-after');
        if (error.response.status === 409) return retryAfter !== null;
        // Waiting hours for a quota to come back is not a retry: give the answer to the caller.
        if (retryAfter !== null && Number(retryAfter) * 1000 > policy.maxRetryAfterMs) return false;
        return undefined;
      },
    },
    hooks: {
      beforeRetry: [
        ({ request, error, retryCount }) => {
          const cause = error instanceof HTTPError ? String(error.response.status) : (error as Error).message;
          options.onRetry?.({ method: request.method, url: request.url, retry: retryCount, cause });
        },
      ],
    },
  });
  const fetchWithRetries = async (request: Request): Promise<Response> => {
    try {
      return await retrying(request);
    } catch (error) {
      if (!(error instanceof HTTPError)) throw error;
      // The last answer, after the retries ran out: ky has read its body into `data`.
      const data: unknown = error.data;
      const body = data === undefined ? null : typeof data === 'string' ? data : JSON.stringify(data);
      return new Response(body, { status: error.response.status, statusText: error.response.statusText, headers: error.response.headers });
    }
  };
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${options.key}` }, fetch: fetchWithRetries });
  return Object.assign(client, { baseUrl });
}

/** An answer the helpers cannot go on from: its status and the service's problem details. */
export class ListingSyncError extends Error {
  constructor(
    readonly status: number,
    readonly problem: { code?: string; detail?: string; errors?: Array<{ field: string; message: string }> } | null,
    what: string,
  ) {
    super(`${what} answered ${status}${problem?.code ? ` ${problem.code}` : ''}: ${problem?.detail ?? 'no details'}`);
  }
}
