import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../../platform/outcome.js';
import { statusOf, titleOf } from '../http/error-codes.js';
import { renderDocument } from '../html/render.js';
import { ERROR_CODE_GUIDES } from './error-codes.js';
import { ErrorCodePage, ErrorIndexPage, REFERENCE_STYLESHEET, SupportPage, UnknownCodePage } from './reference-pages.js';
import { FirstStepsPageEn, FirstStepsPageFr } from './first-steps-page.js';

/**
 * Small reference pages served by the API itself: one per problem `code`, so each `type`
 * URI of a problem body opens an explanation, `/support`, and the first steps at `/developers`
 * (the public site has `/`).
 */

const facts = (code: ErrorCode) => ({ status: statusOf(code), title: titleOf(code) });
const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

/** Browsers get HTML; a client that asks for JSON only gets the same guide as JSON. */
const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return /json/.test(accept) && !/html/.test(accept);
};

const sendHtml = (reply: FastifyReply, status: number, page: JSX.Element) =>
  reply.code(status).type('text/html; charset=utf-8').send(renderDocument(page));

export const referencePages: FastifyPluginAsync = async (app) => {
  const { baseUrl } = app.services.config;
  const hide = { schema: { hide: true } };
  app.get('/reference.css', hide, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(REFERENCE_STYLESHEET),
  );
  app.get('/developers', hide, async (_request, reply) => sendHtml(reply, 200, <FirstStepsPageFr baseUrl={baseUrl} />));
  app.get('/developers/en', hide, async (_request, reply) => sendHtml(reply, 200, <FirstStepsPageEn baseUrl={baseUrl} />));
  app.get('/support', hide, async (_request, reply) => sendHtml(reply, 200, <SupportPage />));
  app.get('/errors', hide, async (_request, reply) => sendHtml(reply, 200, <ErrorIndexPage facts={facts} />));
  app.get('/errors/:code', hide, async (request, reply) => {
    const { code } = request.params as { code: string };
    if (!isErrorCode(code)) return sendHtml(reply, 404, <UnknownCodePage code={code} />);
    if (wantsJson(request)) return { code, ...facts(code), ...ERROR_CODE_GUIDES[code] };
    return sendHtml(reply, 200, <ErrorCodePage code={code} facts={facts(code)} baseUrl={baseUrl} />);
  });
};
