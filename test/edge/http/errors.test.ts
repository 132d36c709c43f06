import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { ADMIN_TOKEN, useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const DETAIL =
  'The body’s length disagrees with the Content-Length header: it must give the body’s length in bytes (UTF-8), or be left for the HTTP client to set';
const ERRORS = [{ field: 'content-length', message: 'content-length must be the body’s length in bytes' }];

/** Sends `request` as it is on a socket, then closes the sending side; the whole answer, as received. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function problemOf(answer: string) {
  const [head, body] = answer.split('\r\n\r\n') as [string, string];
  return { statusLine: head.split('\r\n')[0], head: head.toLowerCase(), problem: JSON.parse(body) };
}

test(`[${databaseKind}] a body of another length than its Content-Length is told so on every interface, over a socket and not as bad JSON`, async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as net.AddressInfo;
  const body = JSON.stringify({ listings: [] });
  for (const [path, key] of [
    ['/ingest/ingestListings', agency.live],
    ['/v1/listings', agency.live],
    ['/admin/api/agencies', ADMIN_TOKEN],
  ] as const) {
    // 20 bytes announced too many (the body ends first), 3 too few (bytes left after the request).
    for (const announced of [body.length + 20, body.length - 3]) {
      const request =
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${announced}\r\nConnection: close\r\n\r\n${body}`;
      const { statusLine, head, problem } = problemOf(await rawExchange(port, request));
      const what = `${path} announcing ${announced} bytes of ${body.length}`;
      assert.equal(statusLine, 'HTTP/1.1 400 Bad Request', what);
      assert.match(head, /content-type: application\/problem\+json/, what);
      assert.equal(problem.code, 'validation_error', what);
      assert.equal(problem.detail, DETAIL, what);
      assert.deepEqual(problem.errors, ERRORS, what);
      assert.equal(problem.type, 'http://localhost:8080/errors/validation_error', what);
      assert.match(
        head,
        new RegExp(`x-request-id: ${problem.requestId.toLowerCase()}`),
        `${what}: the header and the body name one request`,
      );
    }
  }
});

test(`[${databaseKind}] the parser's own refusal of a wrong Content-Length says the same`, async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/listings',
    headers: { authorization: `Bearer ${agency.live}`, 'content-type': 'application/json', 'content-length': '5' },
    payload: '{"a":1,"b":2}',
  });
  assert.equal(response.statusCode, 400);
  assert.equal(response.json().detail, DETAIL);
  assert.deepEqual(response.json().errors, ERRORS);
});
