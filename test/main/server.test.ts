import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { connect as netConnect } from 'node:net';
import { once } from 'node:events';
import { request } from 'node:https';
import { loadConfig } from '../../src/platform/config.js';
import { startServer } from '../../src/main/server.js';
import { compileEverySchema } from '../../src/main/lazy-compilers.js';
import { createTestApp } from '../helpers/app.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../helpers/database.js';
import { items } from '../helpers/listings.js';
import { v1Body } from '../helpers/v1.js';
import { selfSignedCertificate } from '../helpers/tls.js';

function tlsHandshake(port: number, ca: Buffer, version: 'TLSv1.2' | 'TLSv1.3'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca, servername: 'localhost', minVersion: version, maxVersion: version }, () => {
      const protocol = socket.getProtocol() ?? '';
      socket.end();
      resolve(protocol);
    });
    socket.on('error', reject);
  });
}

function httpsCall(url: string, ca: Buffer, headers: Record<string, string>, payload?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { ca, headers, method: payload ? 'POST' : 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end(payload);
  });
}
const httpsGet = (url: string, ca: Buffer, headers: Record<string, string>) => httpsCall(url, ca, headers);

test(`[${databaseKind}] first start creates a demo agency and prints a working key once; TLS 1.3 only; stop flushes the request log`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-server-'));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  try {
    const { cert, key } = selfSignedCertificate(dir);
    const env = {
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      TLS_CERT: cert,
      TLS_KEY: key,
      LOG_LEVEL: 'silent',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const lines: string[] = [];
    const first = await startServer(loadConfig(env), { print: (line) => lines.push(line) });
    const output = lines.join('\n');
    const port = Number(new URL(first.url).port);
    assert.match(output, /listening on https:\/\/127\.0\.0\.1:\d+/);
    assert.match(output, /TLS 1\.3 minimum/);
    const printedUrls = output.match(/https?:\/\/[^\s)]+/g) ?? [];
    assert.ok(printedUrls.length >= 8, output);
    assert.deepEqual(
      printedUrls.filter((u) => !u.startsWith(`${first.url}/`) && u !== first.url),
      [],
      'one address throughout: the one it listens on',
    );
    assert.match(
      output,
      new RegExp(
        `Lost them\\? Start with ADMIN_TOKEN set, then:\n {2}bin/listing-sync key create --agency ${first.demo!.agencyId} --env live`,
      ),
    );
    const curl = /curl -H "Authorization: Bearer (svc_pk_LIVE_\w+)" (\S+)/.exec(output);
    assert.ok(curl, 'a ready-to-paste curl line is printed');
    const ca = readFileSync(cert);
    const me = await httpsGet(curl[2]!, ca, { authorization: `Bearer ${curl[1]}` });
    assert.equal(me.status, 200);
    assert.equal(JSON.parse(me.body).agency.plan, 'agence');

    assert.equal(await tlsHandshake(port, ca, 'TLSv1.3'), 'TLSv1.3');
    await assert.rejects(tlsHandshake(port, ca, 'TLSv1.2'), 'a TLS 1.2 client is refused');

    // A stop while a push is in flight lets it finish (SIGTERM runs the same stop()). In flight
    // means the server has its request: a fixed pause could end, on a loaded machine, before the
    // TLS handshake did, and a connection with no request yet is closed at stop.
    const received = new Promise((resolve) => first.app.server.once('request', resolve));
    const push = httpsCall(
      `${first.url}/ingest/ingestListings`,
      ca,
      { authorization: `Bearer ${curl[1]}`, 'content-type': 'application/json' },
      JSON.stringify({ listings: items(300, 'STOP') }),
    );
    await received;
    await first.stop();
    const finished = await push;
    assert.equal(finished.status, 200, 'the in-flight push completed');
    assert.equal(JSON.parse(finished.body).created, 300);
    const again: string[] = [];
    const second = await startServer(loadConfig({ ...env, LOG_LEVEL: 'error' }), { print: (line) => again.push(line) });
    try {
      assert.ok(!again.join('\n').includes('svc_pk_'), 'later starts print no key');
      assert.ok(
        again.includes(
          `Demo agency ${first.demo!.agencyId} (its keys were shown on the first start). Lost them? Start with ADMIN_TOKEN set, then: bin/listing-sync key create --agency ${first.demo!.agencyId} --env live`,
        ),
        again.join('\n'),
      );
      assert.equal(second.app.log.level, 'error', 'holding back the listen line leaves the configured log level');
      const { rows } = await second.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM request_log WHERE path = $1', [
        '/v1/me',
      ]);
      assert.equal(rows[0]!.n, 1, 'the call made before stop was written');
      const pushed = await second.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings');
      assert.equal(pushed.rows[0]!.n, 300, 'the push that was in flight at stop is stored');
    } finally {
      await second.stop();
    }
  } finally {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('configuration errors name the variable', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT must be a whole number/);
  assert.throws(() => loadConfig({ PORT: '70000' }), /PORT must be between/);
  assert.throws(() => loadConfig({ TLS_CERT: 'a.pem' }), /TLS_CERT and TLS_KEY must be given together/);
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL must start with postgres/);
  assert.throws(() => loadConfig({ BASE_URL: 'not a url' }), /BASE_URL must be an absolute/);
  assert.throws(() => loadConfig({ ADMIN_TOKEN: 'short' }), /ADMIN_TOKEN must be at least 16/);
  assert.throws(() => loadConfig({ DEMO: 'maybe' }), /DEMO must be 1 or 0/);
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 16/);
  assert.throws(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/db' }), /DATABASE_READ_URL needs DATABASE_URL/);
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'postgres://a/b', DATABASE_READ_URL: 'mysql://x' }),
    /DATABASE_READ_URL must start with postgres/,
  );
  assert.throws(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5s' }), /SHUTDOWN_DRAIN_MS must be a whole number/);
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'postgres://a/b', DATABASE_READ_URL: 'postgres://r/b', DATABASE_READ_MAX_LAG_MS: '10' }),
    /DATABASE_READ_MAX_LAG_MS must be between/,
  );
  assert.throws(() => loadConfig({ DATABASE_POOL_SIZE: '0' }), /DATABASE_POOL_SIZE must be between 1/);
  assert.throws(() => loadConfig({ DATABASE_READ_POOL_SIZE: 'three' }), /DATABASE_READ_POOL_SIZE must be a whole number/);
  const defaults = loadConfig({});
  assert.equal(defaults.databasePoolSize, 10);
  assert.equal(defaults.databaseReadPoolSize, 3);
  assert.equal(defaults.metricsToken, null);
  assert.equal(defaults.shutdownDrainMs, 10_000);
  assert.equal(defaults.databaseReadUrl, null);
  assert.equal(defaults.port, 8080);
  assert.equal(defaults.host, '127.0.0.1');
  assert.equal(defaults.baseUrl, 'http://localhost:8080');
  assert.equal(defaults.ingestBaseUrl, 'http://localhost:8080/ingest');
  assert.equal(defaults.siteUrl, 'http://localhost:8080');
  assert.equal(defaults.adminToken, null);
});

test(`[${databaseKind}] Strict-Transport-Security is sent only by a server that speaks TLS itself`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-hsts-'));
  const { cert, key } = selfSignedCertificate(dir);
  const plain = await createTestApp();
  const tls = await createTestApp({ db: plain.db, https: { cert: readFileSync(cert), key: readFileSync(key) } });
  try {
    for (const url of ['/healthz', '/', '/v1/me']) {
      const overHttp = await plain.app.inject({ url });
      assert.equal(overHttp.headers['strict-transport-security'], undefined, `${url} over plain HTTP`);
      assert.equal(overHttp.headers['x-content-type-options'], 'nosniff', 'the other security headers stay');
      const overTls = await tls.app.inject({ url });
      assert.equal(overTls.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${url} over TLS`);
    }
  } finally {
    await tls.close();
    await plain.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test(`[${databaseKind}] every route's schemas compile, though each is compiled on its first use`, async () => {
  const t = await createTestApp({
    routes: (app) =>
      app.get(
        '/test-only/broken',
        { schema: { hide: true, response: { 200: { type: 'object', properties: { a: { type: 'nonsense' } } } } } },
        async () => ({ a: 1 }),
      ),
  });
  try {
    // Only the broken route is named: every real route's request and response schemas build.
    assert.throws(
      () => compileEverySchema(t.app),
      (error: Error) => {
        const [title, ...failing] = error.message.split('\n');
        assert.equal(title, 'route schemas that do not compile:');
        assert.deepEqual(
          failing.map((line) => line.replace(/: .*/, '')),
          ['GET /test-only/broken response 200', 'HEAD /test-only/broken response 200'],
          error.message,
        );
        return true;
      },
    );
    const broken = await t.app.inject({ url: '/test-only/broken' });
    assert.equal(broken.statusCode, 500, 'a schema that does not compile fails its route, not the others');
    assert.equal((await t.app.inject({ url: '/healthz' })).statusCode, 200);
  } finally {
    await t.close();
  }
});

/** Whether a new connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = netConnect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

test('a stopping server behind a balancer answers /readyz 503 for SHUTDOWN_DRAIN_MS while it still serves, then closes its port and finishes what is in flight', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-drain-'));
  const env = { PORT: '0', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', DEMO: '1', SHUTDOWN_DRAIN_MS: '1500' };
  try {
    const lines: string[] = [];
    const server = await startServer(loadConfig(env), { print: (line) => lines.push(line) });
    const port = Number(new URL(server.url).port);
    const key = server.demo!.liveKey;
    const me = () => fetch(`${server.url}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200, 'a balancer checks the process');

    // A request whose body is still arriving when the port closes.
    const body = Buffer.from(JSON.stringify(v1Body('DRAIN-1')));
    const slow = netConnect(port, '127.0.0.1');
    await once(slow, 'connect');
    let answer = '';
    slow.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const answered = once(slow, 'end');
    slow.write(
      `POST /v1/listings HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    slow.write(body.subarray(0, 20));

    const began = performance.now();
    const stopped = server.stop();
    const draining = await fetch(`${server.url}/readyz`);
    assert.equal(draining.status, 503);
    assert.deepEqual(await draining.json(), { status: 'stopping' });
    assert.equal((await me()).status, 200, 'while draining, everything else is still served, on new connections too');
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'and the process is alive');
    assert.ok(lines.some((line) => line === 'draining: /readyz answers 503 for 1500 ms (SHUTDOWN_DRAIN_MS) before the port closes'));

    while (await accepts(port)) await new Promise((resolve) => setTimeout(resolve, 25));
    const closedAfter = performance.now() - began;
    assert.ok(closedAfter >= 1400, `the port closed after ${Math.round(closedAfter)} ms: not before the drain`);

    slow.write(body.subarray(20));
    await answered;
    assert.match(answer, /^HTTP\/1\.1 201 /, `the request in flight when the port closed was answered: ${answer.slice(0, 200)}`);
    await stopped;

    // Without a balancer asking /readyz (a terminal, a test), nobody would notice the 503: no wait.
    const alone = await startServer(loadConfig({ ...env, SHUTDOWN_DRAIN_MS: '60000' }), { print: () => {} });
    const started = performance.now();
    await alone.stop();
    assert.ok(performance.now() - started < 10_000, 'a process nobody probes stops at once');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
