import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createListingSyncClient,
  pushListings,
  reconcile,
  syncListings,
  ListingSyncError,
  type IngestListing,
  type RetryNotice,
} from '@listing-sync/client';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { items as records } from '../helpers/listings.js';

const { t } = useTestApp();

/** The shared helpers build listings as plain records; pushListings takes them typed (a few are broken on purpose). */
const items = (count: number, prefix: string) => records(count, prefix) as unknown as IngestListing[];
let serviceUrl = '';

/**
 * A test double in front of the service: it answers push requests by a script ("429" with
 * Retry-After, "lost": the service writes but the client gets a 503, "503", "pass"), then
 * passes everything through.
 */
function proxy(script: Array<'429' | 'lost' | '503'>): Promise<{ url: string; server: Server; pushes: () => number }> {
  let pushes = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const isPush = request.url!.endsWith('/ingestListings');
    const step = isPush ? script[pushes++] : undefined;
    if (step === '429') {
      response
        .writeHead(429, { 'retry-after': '1', 'content-type': 'application/problem+json' })
        .end('{"code":"rate_limit_exceeded","detail":"slow down"}');
      return;
    }
    if (step === '503') {
      response.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"code":"service_unavailable","detail":"try later"}');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
    ) as Record<string, string>;
    const upstream = await fetch(`${serviceUrl}${request.url}`, {
      method: request.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = await upstream.text();
    if (step === 'lost') {
      response.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"code":"service_unavailable","detail":"answer lost"}');
      return;
    }
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, pushes: () => pushes }),
    ),
  );
}

/** The service on a loopback port, listening from the first test that needs it. */
async function service(): Promise<string> {
  serviceUrl ||= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return serviceUrl;
}

test(`[${databaseKind}] pushListings through 429 (Retry-After) and 503 storms stores every listing exactly once, counted once`, async () => {
  await service();
  const a = await t.agency();
  // The first push is told to wait, the second is written but its answer lost, the third refused.
  const double = await proxy(['429', 'lost', '503']);
  const notices: RetryNotice[] = [];
  const client = createListingSyncClient({ baseUrl: double.url, key: a.live, retry: { maxDelayMs: 200 }, onRetry: (n) => notices.push(n) });
  const started = Date.now();
  const summary = await pushListings(client, items(2100, 'P'), { concurrency: 2 });
  double.server.close();

  assert.deepEqual(
    [summary.requests, summary.processed, summary.created, summary.updated, summary.unchanged, summary.errors.length],
    [5, 2100, 2100, 0, 0, 0],
    'the retried request was answered from its Idempotency-Key: created, not unchanged',
  );
  assert.deepEqual(notices.map((n) => n.cause).sort(), ['429', '503', '503']);
  assert.ok(Date.now() - started >= 1000, 'Retry-After: 1 was honoured');

  const stored = new Map<string, number>();
  const direct = createListingSyncClient({ baseUrl: serviceUrl, key: a.live });
  for await (const listing of reconcile(direct)) stored.set(listing.externalId, (stored.get(listing.externalId) ?? 0) + 1);
  assert.equal(stored.size, 2100);
  assert.ok([...stored.values()].every((n) => n === 1));
  const versions = new Set<number>();
  for await (const listing of reconcile(direct, { pageSize: 700 })) versions.add(listing.version);
  assert.deepEqual([...versions], [1], 'no listing was written twice');
});

test(`[${databaseKind}] pushListings keeps every rejected listing with its externalId and its index in the whole input`, async () => {
  await service();
  const a = await t.agency();
  const client = createListingSyncClient({ baseUrl: serviceUrl, key: a.live });
  const listings = items(1200, 'E');
  listings[3]!.price = -1;
  listings[777]!.postcode = 'nowhere';
  delete (listings[1100] as Partial<IngestListing>).title;
  const batches: number[] = [];
  const summary = await pushListings(client, listings, { onBatch: (b) => void batches.push(b.firstIndex) });
  assert.deepEqual(
    batches.sort((x, y) => x - y),
    [0, 500, 1000],
  );
  assert.deepEqual(
    summary.errors.map((e) => [e.index, e.externalId]),
    [
      [3, 'E-3'],
      [777, 'E-777'],
      [1100, 'E-1100'],
    ],
  );
  assert.match(summary.errors[0]!.reason, /price/);
  assert.equal(summary.created, 1197);
});

test(`[${databaseKind}] a 5xx storm ends after bounded retries; a wrong key at once`, async () => {
  await service();
  const a = await t.agency();
  const double = await proxy(Array(10).fill('503'));
  const client = createListingSyncClient({ baseUrl: double.url, key: a.live, retry: { attempts: 3, maxDelayMs: 50 } });
  await assert.rejects(
    pushListings(client, items(10, 'X')),
    (error: unknown) => error instanceof ListingSyncError && error.status === 503 && /service_unavailable/.test(error.message),
  );
  assert.equal(double.pushes(), 3);
  double.server.close();

  const wrongKey = createListingSyncClient({ baseUrl: serviceUrl, key: 'svc_pk_LIVE_nope' });
  await assert.rejects(
    pushListings(wrongKey, items(10, 'X')),
    (error: unknown) => error instanceof ListingSyncError && error.status === 401,
  );
});

test(`[${databaseKind}] syncListings runs a full sync session: what the CRM no longer sends is withdrawn`, async () => {
  await service();
  const a = await t.agency();
  const client = createListingSyncClient({ baseUrl: serviceUrl, key: a.test, sandbox: true });
  await pushListings(client, items(20, 'Y'));
  const { push, session } = await syncListings(client, items(18, 'Y'));
  assert.equal(push.unchanged, 18);
  assert.deepEqual([session.state, session.withdrawn, session.onMarket], ['completed', 2, 20]);
  await assert.rejects(
    syncListings(client, items(5, 'Y')),
    (error: unknown) => error instanceof ListingSyncError && error.status === 409 && /force/.test(error.message),
  );
  // The refused session was abandoned: the next sync starts at once.
  assert.equal((await syncListings(client, items(18, 'Y'))).session.withdrawn, 0);
});
