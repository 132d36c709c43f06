import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { databaseKind, onPostgres, openTestDatabase } from '../../helpers/database.js';

const { t, agency } = useTestApp();

/** One authenticated route of each family: v1 and ingestion, live and sandbox. */
const FAMILIES = [
  { name: 'v1', url: '/v1/me', env: 'live' as const },
  { name: 'sandbox v1', url: '/sandbox/v1/me', env: 'test' as const },
];

test(`[${databaseKind}] a valid key of the right environment is accepted on every route family`, async () => {
  for (const family of FAMILIES) {
    const key = family.env === 'live' ? agency.live : agency.test;
    const response = await t.call('GET', family.url, key);
    assert.equal(response.statusCode, 200, `${family.name}: ${response.body}`);
    assert.equal(response.json().key.env, family.env);
  }
});

test(`[${databaseKind}] missing, malformed, unknown and wrong-environment keys get 401 unauthorized`, async () => {
  for (const family of FAMILIES) {
    const right = family.env === 'live' ? agency.live : agency.test;
    const wrong = family.env === 'live' ? agency.test : agency.live;
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['missing', {}, /Missing Authorization/],
      ['not bearer', { authorization: `Basic ${right}` }, /Bearer/],
      ['malformed', { authorization: 'Bearer hello' }, /malformed/],
      [
        'too short',
        { authorization: `Bearer svc_pk_LIVE_abc` },
        /malformed: a key is svc_pk_LIVE_ or svc_pk_TEST_ followed by 32 to 128 letters and digits/,
      ],
      ['unknown', { authorization: `Bearer ${right.slice(0, -4)}AAAA` }, /unknown or has been revoked/],
      [
        'wrong environment',
        { authorization: `Bearer ${wrong}` },
        family.env === 'live' ? /sandbox/ : /LIVE keys do not work on the sandbox/,
      ],
    ];
    for (const [label, headers, detail] of cases) {
      const response = await t.app.inject({ method: 'GET', url: family.url, headers });
      assert.equal(response.statusCode, 401, `${family.name} ${label}`);
      assert.match(response.headers['content-type'] as string, /^application\/problem\+json/);
      const body = response.json();
      assert.equal(body.code, 'unauthorized');
      assert.equal(body.status, 401);
      assert.match(body.detail, detail, `${family.name} ${label}`);
      assert.equal(body.requestId, response.headers['x-request-id']);
    }
  }
});

test(`[${databaseKind}] the wrong-environment answer names the base URL to use`, async () => {
  const response = await t.call('GET', '/v1/me', agency.test);
  assert.match(response.json().detail, /http:\/\/localhost:8080\/sandbox\/v1/);
});

test(`[${databaseKind}] revocation takes effect on the next request`, async () => {
  const created = await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live', name: 'to revoke' });
  const { key, keyId } = created.json();
  assert.equal((await t.call('GET', '/v1/me', key)).statusCode, 200);
  assert.equal((await t.call('GET', '/v1/me', key)).statusCode, 200); // now cached
  assert.equal((await t.admin('DELETE', `/keys/${keyId}`)).statusCode, 200);
  const after = await t.call('GET', '/v1/me', key);
  assert.equal(after.statusCode, 401);
  assert.match(after.json().detail, /revoked/);
});

test(`[${databaseKind}] revocation reaches a second server process sharing the database within one second`, async () => {
  // A second application with its own key cache and (on PostgreSQL) its own connection pool
  // and LISTEN connection: what a second process would have.
  const secondDb = onPostgres ? await openTestDatabase() : t.db;
  const second = await createTestApp({ db: secondDb });
  try {
    const created = await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live' });
    const { key, keyId } = created.json();
    assert.equal((await second.call('GET', '/v1/me', key)).statusCode, 200);
    assert.equal((await second.call('GET', '/v1/me', key)).statusCode, 200); // cached in the second process
    await t.admin('DELETE', `/keys/${keyId}`);
    const started = Date.now();
    let status = 200;
    while (Date.now() - started < 1000) {
      status = (await second.call('GET', '/v1/me', key)).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(status, 401, 'the second process still accepted the revoked key after one second');
  } finally {
    await second.close();
    if (onPostgres) await secondDb.close();
  }
});

test(`[${databaseKind}] keys are stored only as hashes and never reach the request log`, async () => {
  const created = await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'test' });
  const { key } = created.json();
  await t.call('GET', '/sandbox/v1/me', key);
  await t.services.requestLog.flush();
  const secret = key.slice('svc_pk_TEST_'.length);
  const keys = await t.db.query('SELECT * FROM api_keys');
  const logs = await t.db.query('SELECT * FROM request_log');
  for (const row of [...keys.rows, ...logs.rows]) {
    assert.ok(!JSON.stringify(row).includes(secret.slice(4)), 'a key appears in clear in the database');
  }
  assert.ok(logs.rows.length > 0);
});

test(`[${databaseKind}] the request log records method, path, status, error code and latency`, async () => {
  const own = await t.agency();
  await t.call('GET', '/v1/me', own.live);
  await t.call('GET', '/v1/me', own.test); // wrong environment: not authenticated, so not logged
  await t.services.requestLog.flush();
  const { rows } = await t.db.query<{ method: string; path: string; status: number; latency_ms: number; request_id: string }>(
    'SELECT * FROM request_log WHERE agency_id = $1',
    [own.agencyId],
  );
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.method, 'GET');
  assert.equal(rows[0]!.path, '/v1/me');
  assert.equal(rows[0]!.status, 200);
  assert.ok(rows[0]!.latency_ms >= 0);
  const keys = await t.admin('GET', `/agencies/${own.agencyId}/keys`);
  const live = keys.json().keys.find((k: { env: string }) => k.env === 'live');
  assert.ok(live.lastUsedAt, 'last used time recorded');
});

test(`[${databaseKind}] keys never appear in the service's logs, even with per-request logging on`, async () => {
  const { default: pino } = await import('pino');
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
  const logged = await createTestApp({ db: t.db, logger });
  try {
    const own = await logged.agency();
    await logged.call('GET', '/v1/me', own.live);
    await logged.call('GET', '/v1/me', own.test); // wrong environment: logged as a 401
    await logged.call('GET', '/ingest/agencyListings', `${own.live.slice(0, -3)}xyz`);
    assert.ok(lines.length >= 6, 'requests were logged');
    for (const key of [own.live, own.test]) {
      const secret = key.slice(16);
      assert.ok(!lines.some((line) => line.includes(secret)), 'a key reached the log');
    }
  } finally {
    await logged.close();
  }
});
