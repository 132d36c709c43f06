import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind, onPostgres, openTestDatabase } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { QuotaGate } from '../../../src/domain/quotas/quota-gate.js';

const { t } = useTestApp();

const limitOf = (response: { headers: Record<string, unknown> }) => Number(response.headers['x-ratelimit-limit']);
const remainingOf = (response: { headers: Record<string, unknown> }) => Number(response.headers['x-ratelimit-remaining']);

test(`[${databaseKind}] rate-limit headers are on every authenticated answer and count down on both interfaces`, async () => {
  const agency = await t.agency({ plan: 'agence' });
  for (const url of ['/v1/me', '/ingest/agencyListings']) {
    const first = await t.call('GET', url, agency.live);
    const second = await t.call('GET', url, agency.live);
    assert.equal(first.statusCode, 200);
    assert.equal(remainingOf(second), remainingOf(first) - 1, url);
    assert.ok(Number(first.headers['x-ratelimit-reset']) > Date.now() / 1000, 'reset is a future Unix time in seconds');
    assert.ok(Number(first.headers['x-ratelimit-reset']) <= Date.now() / 1000 + 86_400 + 60);
    assert.match(first.headers['ratelimit-policy'] as string, /"key";q=10000;w=86400/);
    assert.match(first.headers['ratelimit'] as string, /r=\d+;t=\d+/);
  }
  const notFound = await t.call('GET', '/ingest/listingByExternalId?externalId=nope', agency.live);
  assert.equal(notFound.statusCode, 404);
  assert.ok(notFound.headers['x-ratelimit-limit'], 'error answers carry the headers too');
});

test(`[${databaseKind}] the tightest quota is the one shown`, async () => {
  const solo = await t.agency({ plan: 'solo' });
  const reseau = await t.agency({ plan: 'reseau' });
  const agence = await t.agency({ plan: 'agence' });
  assert.equal(limitOf(await t.call('GET', '/v1/me', solo.live)), 1000, 'Solo LIVE on v1: the plan');
  assert.equal(limitOf(await t.call('GET', '/v1/me', reseau.live)), 10000, 'Réseau LIVE on v1: the key');
  assert.equal(limitOf(await t.call('GET', '/sandbox/v1/me', reseau.test)), 1000, 'TEST: the key');
  assert.equal(limitOf(await t.call('GET', '/sandbox/v1/me', agence.test)), 1000);
  assert.equal(limitOf(await t.call('GET', '/ingest/agencyListings', solo.live)), 10000, 'ingestion: the key only');
  assert.match(
    (await t.call('GET', '/v1/me', solo.live)).headers['ratelimit-policy'] as string,
    /"key";q=10000.*"plan";q=1000|"plan";q=1000.*"key";q=10000/,
  );
});

test(`[${databaseKind}] GET /v1/me tells the plan and each quota`, async () => {
  const solo = await t.agency({ plan: 'solo' });
  const me = (await t.call('GET', '/v1/me', solo.live)).json();
  assert.equal(me.agency.plan, 'solo');
  assert.equal(me.agency.planName, 'Pro Solo');
  assert.equal(me.agency.batchSize, 10);
  assert.equal(me.agency.webhooks, 0);
  const byName = Object.fromEntries(me.quotas.map((q: { name: string }) => [q.name, q]));
  assert.equal(byName.key.limit, 10000);
  assert.equal(byName.plan.limit, 1000);
  assert.equal(byName.plan.used, 1);
  assert.equal(byName.plan.remaining, 999);
  assert.match(me.key.display, /^svc_pk_LIVE_\w{4}…$/);
});

async function burst(apps: TestApp[], key: string, url: string, count: number) {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => apps[i % apps.length]!.call('GET', url, key)));
  return { ok: responses.filter((r) => r.statusCode === 200).length, refused: responses.filter((r) => r.statusCode === 429) };
}

test(`[${databaseKind}] exactly 1,000 of 1,100 concurrent calls are accepted on a quota of 1,000 (one process)`, async () => {
  const agency = await t.agency();
  const { ok, refused } = await burst([t], agency.test, '/sandbox/v1/me', 1100);
  assert.equal(ok, 1000);
  assert.equal(refused.length, 100);
  const sample = refused[0]!;
  assert.equal(sample.json().code, 'rate_limit_exceeded');
  assert.equal(sample.json().status, 429);
  assert.equal(sample.headers['x-ratelimit-remaining'], '0');
  assert.ok(Number(sample.headers['retry-after']) >= 1);
  assert.ok(Number(sample.headers['retry-after']) <= 86_400 + 60);
});

test(`[${databaseKind}] exactly 1,000 of 1,100 concurrent calls are accepted across two processes sharing the database`, async () => {
  const secondDb = onPostgres ? await openTestDatabase() : t.db;
  const second = await createTestApp({ db: secondDb });
  try {
    const agency = await t.agency({ plan: 'solo' });
    // Solo LIVE on v1: the agency's plan quota of 1,000 is the tight one.
    const { ok } = await burst([t, second], agency.live, '/v1/me', 1100);
    assert.equal(ok, 1000);
  } finally {
    await second.close();
    if (onPostgres) await secondDb.close();
  }
});

test(`[${databaseKind}] a refused write leaves nothing behind; another agency is unaffected`, async () => {
  const tight = await createTestApp({ db: t.db, env: { KEY_QUOTA_LIVE: '3' } });
  try {
    const agency = await tight.agency();
    const other = await tight.agency();
    for (let i = 0; i < 3; i++) assert.equal((await tight.call('GET', '/ingest/agencyListings', agency.live)).statusCode, 200);
    const refused = await tight.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('Q-1')] });
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().detail, /quota of 3 calls/);
    const { rows } = await tight.db.query('SELECT 1 FROM listings WHERE agency_id = $1', [agency.agencyId]);
    assert.equal(rows.length, 0, 'the refused push wrote nothing');
    const fine = await tight.call('POST', '/ingest/ingestListings', other.live, { listings: [ingestItem('Q-1')] });
    assert.equal(fine.statusCode, 200);
    assert.equal(fine.json().created, 1);
  } finally {
    await tight.close();
  }
});

test(`[${databaseKind}] the 24-hour window rolls (injected clock)`, async () => {
  let clock = new Date('2026-06-01T08:00:00Z');
  const rolling = await createTestApp({ db: t.db, env: { KEY_QUOTA_TEST: '4' }, now: () => clock });
  try {
    const agency = await rolling.agency();
    for (let i = 0; i < 2; i++) assert.equal((await rolling.call('GET', '/sandbox/v1/me', agency.test)).statusCode, 200);
    clock = new Date('2026-06-01T20:00:00Z');
    for (let i = 0; i < 2; i++) assert.equal((await rolling.call('GET', '/sandbox/v1/me', agency.test)).statusCode, 200);
    const refused = await rolling.call('GET', '/sandbox/v1/me', agency.test);
    assert.equal(refused.statusCode, 429);
    // The two 08:00 calls leave the window at 08:00 the next day.
    assert.equal(refused.headers['x-ratelimit-reset'], String(Date.parse('2026-06-02T08:00:00Z') / 1000));
    assert.equal(Number(refused.headers['retry-after']), 12 * 3600);
    clock = new Date('2026-06-02T07:59:00Z');
    assert.equal((await rolling.call('GET', '/sandbox/v1/me', agency.test)).statusCode, 429);
    clock = new Date('2026-06-02T08:00:30Z');
    const back = await rolling.call('GET', '/sandbox/v1/me', agency.test);
    assert.equal(back.statusCode, 200, 'the oldest calls left the window');
    assert.equal(back.headers['x-ratelimit-remaining'], '1');
  } finally {
    await rolling.close();
  }
});

test(`[${databaseKind}] a plan change applies on the next call`, async () => {
  const agency = await t.agency({ plan: 'solo' });
  assert.equal(limitOf(await t.call('GET', '/v1/me', agency.live)), 1000);
  const changed = await t.admin('PATCH', `/agencies/${agency.agencyId}`, { plan: 'reseau' });
  assert.equal(changed.statusCode, 200);
  const after = await t.call('GET', '/v1/me', agency.live);
  assert.equal(limitOf(after), 10000);
  assert.equal(after.json().agency.plan, 'reseau');
  // docs/decisions.md §10 names PUT /admin/api/agencies/{agencyId}/plan: the same change.
  const put = await t.admin('PUT', `/agencies/${agency.agencyId}/plan`, { plan: 'agence' });
  assert.equal(put.statusCode, 200);
  assert.equal(put.json().plan, 'agence');
  assert.equal(limitOf(await t.call('GET', '/v1/me', agency.live)), 10000);
  assert.equal((await t.call('GET', '/v1/me', agency.live)).json().agency.plan, 'agence');
  assert.equal((await t.admin('PUT', `/agencies/${agency.agencyId}/plan`, { plan: 'gold' })).statusCode, 400);
});

test(`[${databaseKind}] far from the limit calls are reserved in blocks, and unused ones go back`, async () => {
  const roomy = await createTestApp({ db: t.db, env: { KEY_QUOTA_LIVE: '1000000' } });
  const agency = await roomy.agency({ plan: 'reseau' });
  for (let i = 0; i < 250; i++) assert.equal((await roomy.call('GET', '/v1/me', agency.live)).statusCode, 200);
  const keyId = (await roomy.call('GET', '/v1/me', agency.live)).json().key.keyId;
  const counted = async () =>
    (await roomy.db.query<{ n: number }>('SELECT coalesce(sum(used), 0)::int AS n FROM quota_buckets WHERE subject = $1', [`key:${keyId}`]))
      .rows[0]!.n;
  assert.ok((await counted()) > 251, 'a block is held in reserve');
  await roomy.close();
  assert.equal(await counted(), 251, 'on close the reserve goes back: the count is exact');
});

test(`[${databaseKind}] reserved quota calls are never lost when an idle return races a call`, async () => {
  const gate = new QuotaGate(t.db, () => new Date(), { idleReturnMs: 0 });
  const subjects = [{ id: `key:race-${Date.now()}`, name: 'key' as const, limit: 100_000 }];
  let admitted = 0;
  for (let round = 0; round < 6; round++) {
    const [, admission] = await Promise.all([gate.releaseIdle(), gate.admit(subjects), gate.releaseIdle()]);
    if (admission.allowed) admitted += 1;
  }
  await gate.close();
  const { rows } = await t.db.query<{ n: number }>('SELECT coalesce(sum(used), 0)::int AS n FROM quota_buckets WHERE subject = $1', [
    subjects[0]!.id,
  ]);
  assert.equal(rows[0]!.n, admitted);
});

test(`[${databaseKind}] far from the limit the reserve is topped up before it runs out: no call waits for the database`, async () => {
  // Each quota statement is recorded with the number of calls admitted when it left. The test
  // lets it answer before the next call (a database quicker than a quarter of a block of calls:
  // a fixed pace once failed on a loaded machine whose round trip outlasted it), so what it
  // checks is when the top-up leaves, and that no call then finds the reserve empty.
  let admitted = 0;
  const issued: Array<{ admitted: number; amount: number }> = [];
  let answering: Promise<unknown> | null = null;
  const recording = {
    ...t.db,
    query(sql: string, params?: unknown[]) {
      const answer = t.db.query(sql, params);
      if (sql.includes('quota_take')) {
        issued.push({ admitted, amount: (params![2] as number[])[0]! });
        answering = answer;
      }
      return answer;
    },
  } as typeof t.db;
  // A clock that stays within one minute: a new minute refills its reserve once it is empty.
  const gate = new QuotaGate(recording, () => new Date('2026-11-28T10:00:30Z'), { maxBlock: 100 });
  const subjects = [{ id: `key:top-up-${Date.now()}`, name: 'key' as const, limit: 1_000_000 }];
  let waited = 0;
  // The first call counts in the database, the second takes a first block of 100; then four
  // blocks' worth of calls.
  for (let i = 0; i < 402; i++) {
    const admission = gate.admit(subjects);
    if (admission instanceof Promise) {
      if (i >= 2) waited += 1;
      assert.equal((await admission).allowed, true);
    } else assert.equal(admission.allowed, true);
    admitted += 1;
    if (answering) await answering;
    answering = null;
    // Lets the gate take in the answer, as the next request's arrival would.
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(waited, 0, 'every call after the first block was admitted from the reserve');
  assert.deepEqual(
    issued.map((statement) => statement.admitted),
    [0, 1, 75, 175, 275, 375],
    'each top-up left with a quarter of its block (25 calls) still in reserve',
  );
  assert.deepEqual(
    issued.slice(2).map((statement) => statement.amount),
    [100, 100, 100, 100],
  );
  await gate.close();
  const { rows } = await t.db.query<{ n: number }>('SELECT coalesce(sum(used), 0)::int AS n FROM quota_buckets WHERE subject = $1', [
    subjects[0]!.id,
  ]);
  assert.equal(rows[0]!.n, admitted, 'the unused reserve went back: the count is exact');
});
