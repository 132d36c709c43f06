import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../outcome.js';
import { ApiError, problemBody } from '../http/errors.js';
import { ERROR_CODE_GUIDES } from './error-codes.js';

/**
 * Small reference pages served by the API itself: one per problem `code`, so each `type`
 * URI of a problem body opens an explanation, and a first-steps page at `/` until the
 * public site takes that path. Plain HTML, one local stylesheet, every value escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Escapes, then shows `code spans` as code: the guides are written in that light markdown. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.1rem;margin-top:1.6rem}
code,pre{font-family:ui-monospace,monospace;background:#f2f2f2;border-radius:3px}code{padding:0 .2em}pre{padding:.8rem;overflow-x:auto}
.status{color:#555;margin-top:0}nav{margin-bottom:1.5rem;font-size:.95rem}a{color:#0b57d0}
table{border-collapse:collapse}td,th{text-align:left;padding:.2rem .8rem .2rem 0;vertical-align:top}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · listing-sync</title>
<link rel="stylesheet" href="/reference.css">
</head>
<body>
<nav><a href="/">listing-sync</a> · <a href="/docs">API reference</a> · <a href="/errors">Error codes</a></nav>
${body}
</body>
</html>
`;
}

const statusOf = (code: ErrorCode) => new ApiError(code, '').status;
const titleOf = (code: ErrorCode) => problemBody('', new ApiError(code, ''), '').title;
const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

/** Browsers get HTML; a client that asks for JSON only gets the same guide as JSON. */
const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return /json/.test(accept) && !/html/.test(accept);
};

const sendHtml = (reply: FastifyReply, status: number, html: string) => reply.code(status).type('text/html; charset=utf-8').send(html);

function errorPage(code: ErrorCode, baseUrl: string): string {
  const guide = ERROR_CODE_GUIDES[code];
  return page(
    code,
    `<h1><code>${escapeHtml(code)}</code></h1>
<p class="status">HTTP ${statusOf(code)} · ${escapeHtml(titleOf(code))}</p>
<h2>What it means</h2>
<p>${prose(guide.meaning)}</p>
<h2>Typical cause</h2>
<p>${prose(guide.typicalCause)}</p>
<h2>What to do</h2>
<p>${prose(guide.whatToDo)}</p>
<h2>The answer you received</h2>
<p>An RFC 9457 problem body (<code>application/problem+json</code>). Its <code>type</code> is this page,
<code>${escapeHtml(`${baseUrl}/errors/${code}`)}</code>; quote its <code>requestId</code> (also in the <code>X-Request-Id</code> header) when you ask for help.</p>`,
  );
}

function errorIndex(): string {
  const rows = ERROR_CODES.map(
    (code) => `<tr><td><a href="/errors/${code}"><code>${code}</code></a></td><td>${statusOf(code)}</td><td>${escapeHtml(titleOf(code))}</td></tr>`,
  ).join('\n');
  return page(
    'Error codes',
    `<h1>Error codes</h1>
<p>Every error of both interfaces is an RFC 9457 problem body with one of these codes, the same on the ingestion and the v1 interface.</p>
<table><thead><tr><th>code</th><th>status</th><th>title</th></tr></thead><tbody>
${rows}
</tbody></table>`,
  );
}

function firstStepsPage(baseUrl: string): string {
  const base = escapeHtml(baseUrl);
  return page(
    'First steps',
    `<h1>listing-sync</h1>
<p>Takes in real-estate listings from agency software and publishes them on the public listings site. The public site is not served yet; this page shows where to start.</p>
<ul>
<li><a href="/docs">API reference</a>: every operation, with "Try it out".</li>
<li><a href="/openapi.json">OpenAPI 3.1 description</a>, to generate a client.</li>
<li><a href="/errors">Error codes</a>: what each problem <code>code</code> means and what to do.</li>
</ul>
<h2>First steps</h2>
<ol>
<li>Start the service once on an empty database (<code>npm install &amp;&amp; npm start</code>): it prints the LIVE and TEST keys of a demo agency, once.</li>
<li>Put the LIVE key in a variable: <code>KEY=svc_pk_LIVE_…</code> (a TEST key works under <code>/sandbox</code> instead).</li>
<li>Check it: <pre>curl -H "Authorization: Bearer $KEY" ${base}/v1/me</pre></li>
<li>Send a listing through v1:
<pre>curl -X POST ${base}/v1/listings -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
  -d '{"externalId":"A-1","type":"sale","category":"apartment","title":"T3 lumineux",
       "price":320000,"surface":68,"rooms":3,"city":"Lyon","postcode":"69003"}'</pre>
or in bulk through the ingestion interface (<code>POST /ingest/ingestListings</code>, up to 500 listings, French enum codes: <code>"transaction":"VENTE","type":"APPARTEMENT"</code>).</li>
<li>Lost the demo keys? With the server started with <code>ADMIN_TOKEN</code> set: <code>npx listing-sync agency list --name demo</code>, then <code>npx listing-sync key create --agency agc_… --env live</code>.</li>
</ol>
<p>The README of the repository has the full first steps, the v1 example and the table that maps each ingestion field to its v1 name.</p>`,
  );
}

function supportPage(): string {
  return page(
    'Integration support',
    `<h1>Integration support</h1>
<p>Most answers explain themselves: every error carries a <code>code</code> whose page says what it means and what to do (<a href="/errors">error codes</a>), and <code>errors[]</code> names each field at fault.</p>
<h2>When you need a person</h2>
<p>Write to the team that gave you your API keys (the operator of this service), with:</p>
<ul>
<li>the <code>requestId</code> of the answer (also in its <code>X-Request-Id</code> header), and the time of the call;</li>
<li>the method and path, and which key you used: its first characters only (<code>svc_pk_LIVE_abcd…</code>), never the whole key;</li>
<li>the answer's <code>code</code> and <code>detail</code>.</li>
</ul>
<p>With the request id, the operator finds the call in the service's request log.</p>`,
  );
}

export const referencePages: FastifyPluginAsync<{ firstStepsAtRoot?: boolean }> = async (app, options) => {
  const { baseUrl } = app.services.config;
  app.get('/reference.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
  );
  app.get('/support', { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, 200, supportPage()));
  app.get('/errors', { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, 200, errorIndex()));
  app.get('/errors/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    if (!isErrorCode(code)) {
      return sendHtml(reply, 404, page('Unknown error code', `<h1>Unknown error code</h1><p><code>${escapeHtml(code)}</code> is not an error code of this service. <a href="/errors">The error codes</a>.</p>`));
    }
    if (wantsJson(request)) return { code, status: statusOf(code), title: titleOf(code), ...ERROR_CODE_GUIDES[code] };
    return sendHtml(reply, 200, errorPage(code, baseUrl));
  });
  if (options.firstStepsAtRoot ?? true) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, 200, firstStepsPage(baseUrl)));
  }
};
