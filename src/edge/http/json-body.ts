import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidJsonBody } from './errors.js';

type ParserDone = (error: Error | null, body?: unknown) => void;
type CallbackParser = (request: FastifyRequest, body: string, done: ParserDone) => void;

/**
 * Every interface's JSON bodies (the push, v1, the operator API) go through Fastify's own
 * parser, with its guards against prototype poisoning; only its refusal is replaced, because
 * it drops where the body broke (`invalidJsonBody` says it). Registered on the root instance,
 * so that every route inherits it.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error') as CallbackParser;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done: ParserDone) => {
    parse(request, body as string, (error, value) => {
      if ((error as { code?: string } | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') done(invalidJsonBody(body as string));
      else done(error, value);
    });
  });
}
