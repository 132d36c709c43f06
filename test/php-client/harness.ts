import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../helpers/app.js';
import { annoncesCsv, passerelleZipOf, specs } from '../helpers/poliris-upload.js';

/**
 * What the PHP tests cannot make through the service's own API, served on loopback ports:
 * - `POST /agency` `{"plan": "agence"}`: a new verified agency, `{agencyId, live, test}`;
 * - `POST /hooks/NAME` receives webhook deliveries; `GET /deliveries/NAME` lists them as received
 *   (`body` byte for byte, `headers`);
 * - `GET /poliris/zip?count=N&prefix=P` and `/poliris/csv?…`: a passerelle file of N listings;
 * - `POST /proxy/script` `["429", "503", "drop", "html"]`: how the proxy answers its next requests,
 *   one step each (then it passes them through); `GET /proxy/log`: the paths it was asked.
 * The proxy (`proxyUrl`) sits in front of the service: `429` answers with Retry-After: 1, `503`
 * a problem, `drop` forwards the request and closes the connection without its answer (the
 * service has written), `html` answers 403 with a proxy's HTML page.
 */
export interface PhpHarness {
  url: string;
  proxyUrl: string;
  close(): Promise<void>;
}

type Step = '429' | '503' | 'drop' | 'html';

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

const closed = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startPhpHarness(t: TestApp, serviceUrl: string): Promise<PhpHarness> {
  let script: Step[] = [];
  const log: string[] = [];
  const deliveries = new Map<string, Array<{ body: string; headers: Record<string, unknown> }>>();

  const harness = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? '/';
    if (request.method === 'POST' && path === '/agency') {
      const input = body.length ? (JSON.parse(body.toString()) as { plan?: 'solo' | 'agence' | 'reseau' }) : {};
      return json(response, 201, await t.agency({ plan: input.plan ?? 'agence' }));
    }
    if (request.method === 'POST' && path === '/proxy/script') {
      script = JSON.parse(body.toString()) as Step[];
      log.length = 0;
      return json(response, 200, { script });
    }
    if (request.method === 'GET' && path.startsWith('/poliris/')) {
      const query = new URL(path, 'http://harness').searchParams;
      const listings = specs(Number(query.get('count') ?? 3), query.get('prefix') ?? 'P');
      const file = path.startsWith('/poliris/csv') ? annoncesCsv(listings) : await passerelleZipOf(listings);
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(file));
    }
    if (request.method === 'GET' && path === '/proxy/log') return json(response, 200, { paths: log });
    if (request.method === 'POST' && path.startsWith('/hooks/')) {
      const name = path.slice('/hooks/'.length);
      deliveries.set(name, [...(deliveries.get(name) ?? []), { body: body.toString('utf8'), headers: request.headers }]);
      return response.writeHead(204).end();
    }
    if (request.method === 'GET' && path.startsWith('/deliveries/')) return json(response, 200, deliveries.get(path.slice(12)) ?? []);
    return json(response, 404, { detail: `no harness route ${request.method} ${path}` });
  });

  const proxy = createServer(async (request, response) => {
    const body = await readBody(request);
    log.push(`${request.method} ${request.url}`);
    const step = script.shift();
    if (step === '429')
      return response
        .writeHead(429, { 'retry-after': '1', 'content-type': 'application/problem+json' })
        .end('{"code":"rate_limit_exceeded","detail":"slow down"}');
    if (step === '503')
      // Closing the connection after it: the next request then comes on a fresh connection, whose
      // drop cURL does not retry on its own (it does, once, on a reused one), so the client's retry is seen.
      return response
        .writeHead(503, { 'content-type': 'application/problem+json', connection: 'close' })
        .end('{"code":"service_unavailable","detail":"later"}');
    if (step === 'html')
      return response.writeHead(403, { 'content-type': 'text/html' }).end('<html><body><h1>403 Forbidden</h1></body></html>');
    const upstream = await forward(serviceUrl, request, body);
    // The service has written; the client never hears of it, and must retry with the same key.
    if (step === 'drop') return request.socket.destroy();
    response.writeHead(upstream.status, upstream.headers).end(upstream.body);
  });

  const [url, proxyUrl] = [await listen(harness), await listen(proxy)];
  return { url, proxyUrl, close: async () => void (await Promise.all([closed(harness), closed(proxy)])) };
}

/** The request as the service answers it, headers kept but the hop-by-hop ones. */
function forward(
  serviceUrl: string,
  request: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  const target = new URL(request.url ?? '/', serviceUrl);
  const headers = { ...request.headers, host: target.host, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(target, { method: request.method, headers }, async (answer) => {
      const received = await readBody(answer);
      const kept = Object.fromEntries(
        Object.entries(answer.headers).filter(
          ([name, value]) => value !== undefined && !['connection', 'transfer-encoding', 'keep-alive'].includes(name),
        ),
      ) as Record<string, string | string[]>;
      resolve({ status: answer.statusCode ?? 502, headers: kept, body: received });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
