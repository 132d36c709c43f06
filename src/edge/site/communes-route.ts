import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { SUGGESTION_QUERY_MAX, suggestCommunes } from '../../domain/geography/index.js';
import { ApiError, sendProblem } from '../http/errors.js';
import { COMMUNES_PATH } from './commune-combobox.js';

/**
 * The answer to one text never changes while the process runs: the official list is read once
 * and changes only with the package's version, that is with a deploy. Browsers and proxies keep
 * it a day; a process keeps the latest answers, so a popular prefix costs a lookup.
 */
export const SUGGESTIONS_CACHE = 'public, max-age=86400';
const KEPT_ANSWERS = 1000;

interface Answer {
  body: string;
  etag: string;
}

/** What a visitor sends when the script asks: the first `q` (as every site parameter), untrimmed. */
function typedText(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | null)?.q;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Why `q` is refused, in the words a 400 names it with; null when the suggestions may be looked for. */
function refusalOf(typed: string | undefined): string | null {
  const text = typed?.trim() ?? '';
  if (text === '')
    return `Le paramètre q est obligatoire : le début du nom d’une commune ou un code postal, de 1 à ${SUGGESTION_QUERY_MAX} caractères.`;
  if (text.length > SUGGESTION_QUERY_MAX)
    return `Le paramètre q compte ${text.length} caractères : ${SUGGESTION_QUERY_MAX} au plus (aucun nom de commune n’est plus long).`;
  return null;
}

/** The latest answers, the least recently asked dropped first: bounded whatever visitors type. */
function answers(): (text: string) => Answer {
  const kept = new Map<string, Answer>();
  return (text) => {
    let answer = kept.get(text);
    if (answer) kept.delete(text);
    else {
      const body = JSON.stringify(suggestCommunes(text));
      answer = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"` };
      if (kept.size === KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
    }
    kept.set(text, answer);
    return answer;
  };
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/**
 * GET /communes?q=: the communes a visitor may mean, as JSON (docs/site-and-spaces.md,
 * « Suggestions of communes »): at most 10, largest first, for a name's beginning (folded) or
 * a postcode's digits. Text that no commune's name starts with, symbols or SQL alike, finds an
 * empty list; a missing, blank or too long `q` is a 400 naming the field and the rule.
 */
export const communesRoute: FastifyPluginAsync = async (app) => {
  const { config } = app.services;
  const answerFor = answers();
  app.get(COMMUNES_PATH, { schema: { hide: true } }, async (request, reply) => {
    const typed = typedText(request.query);
    const refusal = refusalOf(typed);
    if (refusal !== null)
      return sendProblem(reply, config.baseUrl, new ApiError('validation_error', refusal, [{ field: 'q', message: refusal }]), request);
    const { body, etag } = answerFor(typed!.trim());
    reply.header('cache-control', SUGGESTIONS_CACHE).header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
