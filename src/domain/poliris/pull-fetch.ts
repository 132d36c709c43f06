import type { Dispatcher } from 'undici';
import { isPublicAddress, literalAddress } from '../webhooks/address-policy.js';
import { outboundUrlRule } from '../webhooks/endpoint-url.js';
import { BlockedAddress, describeFailure, guardedAgent, type Resolver } from '../webhooks/guarded-agent.js';
import { PULL_URL_PROBLEMS_FR } from './pull-settings.js';

/** Redirects followed, each checked as the first URL is. */
const REDIRECTS_MAX = 3;
/** The whole download, redirects included; connecting and each wait for data get PHASE_TIMEOUT_MS. */
const PULL_TIMEOUT_MS = 5 * 60_000;
const PHASE_TIMEOUT_MS = 30_000;

export interface PullRequestOptions {
  env: 'live' | 'test';
  /** WEBHOOK_ALLOW_PRIVATE: local and private addresses allowed (development and tests). */
  allowPrivate: boolean;
  maxBytes: number;
  resolve?: Resolver;
  /** Which resolved addresses may be reached (default: public ones, or all when private ones are allowed). */
  allows?: (address: string) => boolean;
  timeoutMs?: number;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Fetched =
  | { kind: 'not_modified' }
  | { kind: 'file'; bytes: Buffer; fileName: string; validators: Validators }
  /** Why, in French, for the agency. */
  | { kind: 'failed'; detail: string };

const failed = (detail: string): Fetched => ({ kind: 'failed', detail });
const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

/**
 * GETs a passerelle file under the outbound rules (the webhooks': `outboundUrlRule` on the URL
 * and on every redirect, `guardedAgent` on every address connected to), with the validators of
 * the file last imported: a 304 is `not_modified`. The body is read up to `maxBytes`; the whole
 * exchange within the timeout.
 */
export async function fetchPasserelle(url: string, validators: Validators, options: PullRequestOptions): Promise<Fetched> {
  const allows = options.allows ?? ((address: string) => options.allowPrivate || isPublicAddress(address));
  const timeoutMs = options.timeoutMs ?? PULL_TIMEOUT_MS;
  const agent = await guardedAgent({ allows, resolve: options.resolve, timeoutMs: Math.min(timeoutMs, PHASE_TIMEOUT_MS), connections: 1 });
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    let target = url;
    for (let hop = 0; hop <= REDIRECTS_MAX; hop++) {
      const rule = outboundUrlRule(target, options.env, options.allowPrivate);
      if (rule) return failed(`${hop > 0 ? `Redirection refusée vers ${target.slice(0, 200)} : ` : ''}${PULL_URL_PROBLEMS_FR[rule]}`);
      const parsed = new URL(target);
      const literal = literalAddress(parsed.hostname);
      if (literal && !allows(literal)) return failed(PULL_URL_PROBLEMS_FR.private);
      const answer = await agent.request({
        origin: parsed.origin,
        path: `${parsed.pathname}${parsed.search}`,
        method: 'GET',
        headers: {
          'user-agent': 'listing-sync-passerelle/1',
          accept: 'application/zip, text/csv, */*',
          ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
          ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
        },
        signal: deadline,
      });
      const status = answer.statusCode;
      const location = header(answer.headers.location);
      if (status >= 300 && status < 400 && status !== 304 && location) {
        await answer.body.dump();
        target = new URL(location, target).href;
        continue;
      }
      if (status === 304) return (await answer.body.dump(), { kind: 'not_modified' });
      if (status < 200 || status >= 300) return (await answer.body.dump(), failed(`Le serveur du fichier a répondu ${status}.`));
      return await readFile(answer, parsed, options.maxBytes);
    }
    return failed(`Plus de ${REDIRECTS_MAX} redirections : indiquez l’adresse finale du fichier.`);
  } catch (error) {
    return failed(whyFailed(error, deadline.aborted ? timeoutMs : null));
  } finally {
    await agent.close();
  }
}

async function readFile(answer: Dispatcher.ResponseData, url: URL, maxBytes: number): Promise<Fetched> {
  const tooLarge = () => failed(`Le fichier dépasse ${Math.floor(maxBytes / 1024 / 1024)} Mo, la taille que la passerelle accepte.`);
  if (Number(header(answer.headers['content-length']) ?? 0) > maxBytes) return (answer.body.destroy(), tooLarge());
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return (answer.body.destroy(), tooLarge());
    chunks.push(chunk);
  }
  if (size === 0) return failed('Le fichier téléchargé est vide.');
  return {
    kind: 'file',
    bytes: Buffer.concat(chunks, size),
    fileName: nameOf(url),
    validators: { etag: header(answer.headers.etag), lastModified: header(answer.headers['last-modified']) },
  };
}

/** Why the download failed, in French, with the technical cause for the agency's provider. */
function whyFailed(error: unknown, timedOutAfterMs: number | null): string {
  if (timedOutAfterMs !== null) return `Le fichier n’a pas été reçu en entier dans les ${timedOutAfterMs / 60_000} minutes permises.`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const technical = describeFailure(error, null);
  if (cause instanceof BlockedAddress) return `${PULL_URL_PROBLEMS_FR.private} (${technical})`;
  return `Le fichier n’a pas pu être téléchargé (${technical}).`;
}

/** The file's name, from the last segment of its URL. */
function nameOf(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last).slice(0, 200) || 'passerelle.zip';
  } catch {
    return last.slice(0, 200) || 'passerelle.zip';
  }
}
