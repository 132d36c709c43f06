import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const create = (body: Record<string, unknown>, key = agency.live, headers: Record<string, string> = {}) =>
  t.call('POST', '/v1/listings', key, body, headers);

test(`[${databaseKind}] POST creates (201, spec 2.4), updates (200) and reports unchanged content; never duplicates`, async () => {
  const first = await create(v1Body('P-1'));
  assert.equal(first.statusCode, 201);
  const created = first.json();
  assert.equal(created.ok, true);
  assert.match(created.serviceId, /^lst_/);
  assert.equal(created.externalId, 'P-1');
  assert.equal(created.status, 'active', 'a clean listing is approved by the automatic check in the same request');
  assert.deepEqual(created.moderation, { state: 'approved', reasons: [], publishedVersion: 1 });
  assert.equal(created.version, 1);
  assert.equal(created.publicUrl, `http://localhost:8080/listings/${created.serviceId}`);
  assert.ok(!Number.isNaN(Date.parse(created.createdAt)) && created.createdAt.endsWith('Z'));
  assert.equal(created.outcome, 'created');

  const same = await create(v1Body('P-1'));
  assert.equal(same.statusCode, 200);
  assert.deepEqual([same.json().outcome, same.json().version, same.json().serviceId], ['unchanged', 1, created.serviceId]);

  const changed = await create(v1Body('P-1', { price: 310000 }));
  assert.equal(changed.statusCode, 200);
  assert.deepEqual([changed.json().outcome, changed.json().version], ['updated', 2]);
  const list = (await t.call('GET', '/v1/listings?pageSize=200', agency.live)).json();
  assert.equal(list.data.filter((l: { externalId: string }) => l.externalId === 'P-1').length, 1);
});

test(`[${databaseKind}] If-None-Match: * makes POST create-only (409 when the externalId exists)`, async () => {
  assert.equal((await create(v1Body('P-2'), agency.live, { 'if-none-match': '*' })).statusCode, 201);
  const again = await create(v1Body('P-2'), agency.live, { 'if-none-match': '*' });
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().code, 'conflict');
});

test(`[${databaseKind}] reads by serviceId and by externalId return the full record with ETag; owner sees addressLine`, async () => {
  const { serviceId } = (await create(v1Body('R-1'))).json();
  const byId = await t.call('GET', `/v1/listings/${serviceId}`, agency.live);
  assert.equal(byId.statusCode, 200);
  assert.equal(byId.headers.etag, '"v1"');
  const record = byId.json();
  assert.equal(record.addressLine, '12 rue Garibaldi');
  assert.deepEqual(record.fees, { agencyFees: 12000, feesPaidBy: 'buyer', feeIncluded: true });
  assert.deepEqual(
    record.photos.map((p: { order: number }) => p.order),
    [0, 1],
  );
  assert.equal(record.ges, 'B');
  assert.deepEqual(
    { ...record.moderation, decidedAt: typeof record.moderation.decidedAt },
    { state: 'approved', reasons: [], decidedAt: 'string', publishedVersion: 1 },
  );
  assert.equal(record.commercialStatus, 'active');
  const byExternal = await t.call('GET', '/v1/listings/by-external/R-1', agency.live);
  assert.deepEqual(byExternal.json(), record);
  const other = await t.agency();
  assert.equal((await t.call('GET', `/v1/listings/${serviceId}`, other.live)).statusCode, 404, 'another agency gets 404');
  assert.equal((await t.call('GET', '/v1/listings/by-external/R-1', other.live)).statusCode, 404);
  assert.equal((await t.call('GET', '/v1/listings/lst_nothing', agency.live)).json().code, 'not_found');
});

test(`[${databaseKind}] PUT takes a partial body, keeps the other fields and bumps the version once`, async () => {
  const { serviceId } = (await create(v1Body('U-1'))).json();
  const put = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: 299000, dpe: null });
  assert.equal(put.statusCode, 200);
  assert.equal(put.headers.etag, '"v2"');
  const record = put.json();
  assert.equal(record.price, 299000);
  assert.equal(record.dpe, null);
  assert.equal(record.title, 'T3 lumineux U-1');
  assert.equal(record.photos.length, 2);
  assert.equal(record.version, 2);
  const same = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: 299000 });
  assert.equal(same.json().version, 2, 'no change, no new version');
  assert.equal(
    (await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, {})).statusCode,
    400,
    'an empty body changes nothing and says so',
  );
});

test(`[${databaseKind}] PUT: If-Match 412, externalId clash 409, rename allowed, 422 on inconsistent data`, async () => {
  const { serviceId } = (await create(v1Body('E-1'))).json();
  await create(v1Body('E-2'));
  const stale = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: 1 }, { 'if-match': '"v7"' });
  assert.equal(stale.statusCode, 412);
  assert.equal(stale.json().code, 'precondition_failed');
  assert.equal((await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: 200000 }, { 'if-match': '"v1"' })).statusCode, 200);
  const clash = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { externalId: 'E-2' });
  assert.equal(clash.statusCode, 409);
  assert.equal(clash.json().code, 'conflict');
  const renamed = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { externalId: 'E-1-renamed' });
  assert.equal(renamed.statusCode, 200);
  assert.equal((await t.call('GET', '/v1/listings/by-external/E-1-renamed', agency.live)).json().serviceId, serviceId);
  const business = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { bedrooms: 9 });
  assert.equal(business.statusCode, 422);
  assert.equal(business.json().errors[0].field, 'bedrooms');
});

test(`[${databaseKind}] an externalId where the serviceId goes is told once, with the route that takes an externalId`, async () => {
  assert.equal((await create(v1Body('A-1'))).statusCode, 201);
  const told = [
    {
      field: 'serviceId',
      message:
        'serviceId must be an identifier such as lst_0AbC… (lst_ then letters and digits); ' +
        'to find a listing by its externalId use GET /v1/listings/by-external/{externalId}',
    },
  ];
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/v1/listings/A-1'],
    ['PUT', '/v1/listings/A-1', { title: 'T3 refait' }],
    ['DELETE', '/v1/listings/A-1'],
    ['PATCH', '/v1/listings/A-1/status', { status: 'sold' }],
    ['GET', '/v1/listings/A-1/performance'],
  ];
  for (const [method, path, body] of calls) {
    const response = await t.call(method as 'GET', path, agency.live, body);
    assert.equal(response.statusCode, 400, `${method} ${path}`);
    assert.deepEqual(response.json().errors, told, `${method} ${path}`);
  }
  const route = /use GET (\S+)$/.exec(told[0]!.message)![1]!.replace('{externalId}', 'A-1');
  assert.equal((await t.call('GET', route, agency.live)).json().externalId, 'A-1', 'the route named finds the listing');
  // Operators name listings by serviceId only: their API points nowhere else.
  const operator = await t.admin('POST', '/listings/A-1/moderation', { decision: 'approve' });
  assert.deepEqual(operator.json().errors, [
    { field: 'serviceId', message: 'serviceId must be an identifier such as lst_0AbC… (lst_ then letters and digits)' },
  ]);
});

test(`[${databaseKind}] 400 validation_error names each field as a JSON path; unknown fields are refused`, async () => {
  const response = await create(
    v1Body('V-1', {
      photos: [
        { url: 'https://ok.example/a.jpg', order: 0 },
        { url: 'ftp://x', order: 1 },
      ],
      price: 'cher',
      colour: 'red',
      category: 'castle',
    }),
  );
  assert.equal(response.statusCode, 400);
  const body = response.json();
  assert.equal(body.code, 'validation_error');
  const fields = body.errors.map((e: { field: string }) => e.field);
  for (const field of ['photos[1].url', 'price', 'colour', 'category']) assert.ok(fields.includes(field), `${field} in ${fields}`);
  const missing = await create({ externalId: 'V-2' });
  assert.deepEqual(
    missing
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort(),
    ['category', 'city', 'postcode', 'price', 'rooms', 'surface', 'title', 'type'],
  );
});

test(`[${databaseKind}] 422 business_error for inconsistent data (docs/decisions.md §5)`, async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ dpe: 'A', ges: 'D' }, 'dpe'],
    [{ bedrooms: 4, rooms: 3 }, 'bedrooms'],
    [{ charges: 120 }, 'charges'],
    [{ fees: { feesPaidBy: 'tenant' } }, 'fees.feesPaidBy'],
    [{ type: 'rental', price: 900, fees: { feesPaidBy: 'buyer' } }, 'fees.feesPaidBy'],
    [{ priceUnit: 'USD' }, 'priceUnit'],
  ];
  for (const [overrides, field] of cases) {
    const response = await create(v1Body(`B-${field}`, overrides));
    assert.equal(response.statusCode, 422, JSON.stringify(overrides));
    assert.equal(response.json().code, 'business_error');
    assert.ok(
      response.json().errors.some((e: { field: string }) => e.field === field),
      `${field}: ${response.body}`,
    );
  }
  assert.equal(
    (await create(v1Body('B-rental', { type: 'rental', price: 950, charges: 80, fees: { agencyFees: 800, feesPaidBy: 'tenant' } })))
      .statusCode,
    201,
  );
});

test(`[${databaseKind}] PATCH status accepts every v1 value from any state; If-Match is honoured`, async () => {
  const { serviceId } = (await create(v1Body('S-1'))).json();
  let version = 1;
  for (const status of ['sold', 'active', 'paused', 'rented', 'withdrawn', 'active']) {
    const response = await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status });
    assert.equal(response.statusCode, 200, status);
    assert.equal(response.json().commercialStatus, status);
    assert.equal(response.json().status, status, 'an approved listing shows its commercial status');
    assert.equal(response.json().moderation.publishedVersion, version + 1, 'a status change keeps the listing approved and public');
    version += 1;
    assert.equal(response.json().version, version);
  }
  assert.equal((await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'under_offer' })).statusCode, 400);
  assert.equal((await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { state: 'sold' })).statusCode, 400);
  assert.equal(
    (await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'sold' }, { 'if-match': '"v1"' })).statusCode,
    412,
  );
  assert.equal((await t.call('PATCH', '/v1/listings/lst_missing/status', agency.live, { status: 'sold' })).statusCode, 404);
});

test(`[${databaseKind}] DELETE is soft: the listing disappears from every read, through both interfaces`, async () => {
  const { serviceId } = (await create(v1Body('D-1'))).json();
  assert.equal((await t.call('DELETE', `/v1/listings/${serviceId}`, agency.live, undefined, { 'if-match': '"v9"' })).statusCode, 412);
  const del = await t.call('DELETE', `/v1/listings/${serviceId}`, agency.live);
  assert.equal(del.statusCode, 200);
  assert.deepEqual(del.json(), { serviceId, deleted: true });
  assert.equal((await t.call('GET', `/v1/listings/${serviceId}`, agency.live)).statusCode, 404);
  assert.equal((await t.call('GET', '/v1/listings/by-external/D-1', agency.live)).statusCode, 404);
  assert.equal((await t.call('GET', '/ingest/listingByExternalId?externalId=D-1', agency.live)).statusCode, 404);
  const list = (await t.call('GET', '/v1/listings?pageSize=200', agency.live)).json();
  assert.ok(!list.data.some((l: { serviceId: string }) => l.serviceId === serviceId));
  assert.equal((await t.call('DELETE', `/v1/listings/${serviceId}`, agency.live)).statusCode, 404);
  const { rows } = await t.db.query('SELECT deleted_at FROM listings WHERE id = $1', [serviceId]);
  assert.ok(rows[0], 'kept for audit');
});

test(`[${databaseKind}] batch: a bad item in the middle is reported, the others are written`, async () => {
  const response = await t.call('POST', '/v1/listings/batch', agency.live, {
    listings: [v1Body('BA-1'), v1Body('BA-2', { price: -3 }), v1Body('BA-3', { dpe: 'A', ges: 'G' }), v1Body('BA-4')],
  });
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.deepEqual([body.processed, body.created, body.updated, body.unchanged, body.failed], [4, 2, 0, 0, 2]);
  assert.deepEqual(
    body.results.map((r: { outcome: string }) => r.outcome),
    ['created', 'error', 'error', 'created'],
  );
  assert.equal(body.results[1].error.code, 'validation_error');
  assert.equal(body.results[1].error.errors[0].field, 'price');
  assert.equal(body.results[2].error.code, 'business_error');
  assert.match(body.results[3].serviceId, /^lst_/);
  const again = (
    await t.call('POST', '/v1/listings/batch', agency.live, { listings: [v1Body('BA-1'), v1Body('BA-4', { price: 100000 })] })
  ).json();
  assert.deepEqual(
    again.results.map((r: { outcome: string }) => r.outcome),
    ['unchanged', 'updated'],
  );
});

test(`[${databaseKind}] batch sizes follow the plan: 10 / 50 / 100, one more is refused`, async () => {
  for (const [plan, size] of [
    ['solo', 10],
    ['agence', 50],
    ['reseau', 100],
  ] as const) {
    const own = await t.agency({ plan });
    const ok = await t.call('POST', '/sandbox/v1/listings/batch', own.test, {
      listings: Array.from({ length: size }, (_, i) => v1Body(`${plan}-${i}`)),
    });
    assert.equal(ok.statusCode, 200, plan);
    assert.equal(ok.json().created, size);
    const over = await t.call('POST', '/sandbox/v1/listings/batch', own.test, {
      listings: Array.from({ length: size + 1 }, (_, i) => v1Body(`${plan}-x${i}`)),
    });
    assert.equal(over.statusCode, 400, plan);
    assert.equal(over.json().code, 'validation_error');
    assert.match(over.json().errors[0].message, new RegExp(`at most ${size}`));
  }
});

test(`[${databaseKind}] a batch refused for the plan's size claims no Idempotency-Key: the split batch may take it`, async () => {
  const own = await t.agency({ plan: 'solo' });
  const key = { 'idempotency-key': 'batch-split-in-two' };
  const body = (count: number) => ({ listings: Array.from({ length: count }, (_, i) => v1Body(`SPLIT-${i}`)) });
  const over = await t.call('POST', '/v1/listings/batch', own.live, body(11), key);
  assert.equal(over.statusCode, 400, over.body);
  assert.equal(over.json().errors[0].message, 'listings must have at most 10 items on this plan (got 11)');
  const split = await t.call('POST', '/v1/listings/batch', own.live, body(10), key);
  assert.equal(split.statusCode, 200, split.body);
  assert.equal(split.json().created, 10);
});

test(`[${databaseKind}] list: paging, status and modifiedSince filters`, async () => {
  let clock = new Date('2026-05-01T10:00:00Z');
  const timed = await createTestApp({ db: t.db, now: () => clock });
  try {
    const own = await timed.agency();
    for (let i = 0; i < 5; i++) await timed.call('POST', '/v1/listings', own.live, v1Body(`L-${i}`));
    clock = new Date('2026-05-03T10:00:00Z');
    await timed.call('POST', '/v1/listings', own.live, v1Body('L-0', { price: 100000 }));
    const page1 = (await timed.call('GET', '/v1/listings?page=1&pageSize=2', own.live)).json();
    assert.deepEqual([page1.page, page1.pageSize, page1.total, page1.hasMore, page1.data.length], [1, 2, 5, true, 2]);
    assert.equal(page1.data[0].externalId, 'L-0', 'most recently changed first');
    const page3 = (await timed.call('GET', '/v1/listings?page=3&pageSize=2', own.live)).json();
    assert.deepEqual([page3.data.length, page3.hasMore], [1, false]);
    const seen = new Set(
      [...page1.data, ...(await timed.call('GET', '/v1/listings?page=2&pageSize=2', own.live)).json().data, ...page3.data].map(
        (l: { externalId: string }) => l.externalId,
      ),
    );
    assert.equal(seen.size, 5);
    const since = (await timed.call('GET', '/v1/listings?modifiedSince=2026-05-02T00:00:00Z', own.live)).json();
    assert.deepEqual(
      since.data.map((l: { externalId: string }) => l.externalId),
      ['L-0'],
    );
    // An offset with +, URL-encoded or typed as it is (a query string decodes + to a space): the same instant.
    for (const written of ['2026-05-02T01:00:00%2B01:00', '2026-05-02T01:00:00+01:00', '2026-05-02T01:00:00 01:00']) {
      const answer = await timed.call('GET', `/v1/listings?modifiedSince=${written}`, own.live);
      assert.equal(answer.statusCode, 200, `${written}: ${answer.body}`);
      assert.deepEqual(
        answer.json().data.map((l: { externalId: string }) => l.externalId),
        ['L-0'],
        written,
      );
    }
    assert.equal((await timed.call('GET', '/v1/listings?status=active', own.live)).json().total, 5, 'clean listings are approved at once');
    assert.equal((await timed.call('GET', '/v1/listings?status=pending_moderation', own.live)).json().total, 0);
    for (const bad of ['page=0', 'pageSize=201', 'status=lost', 'modifiedSince=yesterday', 'sort=price']) {
      assert.equal((await timed.call('GET', `/v1/listings?${bad}`, own.live)).statusCode, 400, bad);
    }
    const empty = (await timed.call('GET', '/v1/listings?page=9', own.live)).json();
    assert.deepEqual([empty.data.length, empty.total, empty.hasMore], [0, 5, false]);
  } finally {
    await timed.close();
  }
});

test(`[${databaseKind}] one listing, two interfaces: pushed through ingestion, read and updated through v1, and back`, async () => {
  await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('X-1', { transaction: 'LOCATION', price: 950, charges: 60, type: 'STUDIO', rooms: 1, bedrooms: 0 })],
  });
  const v1 = (await t.call('GET', '/v1/listings/by-external/X-1', agency.live)).json();
  assert.deepEqual([v1.type, v1.category, v1.price, v1.charges, v1.photos.length, v1.photos[0].order], ['rental', 'studio', 950, 60, 2, 0]);
  const put = await t.call('PUT', `/v1/listings/${v1.serviceId}`, agency.live, { price: 990, ges: 'C', dpe: 'D' });
  assert.equal(put.json().version, 2);
  const back = (await t.call('GET', '/ingest/listingByExternalId?externalId=X-1', agency.live)).json();
  assert.deepEqual([back.transaction, back.type, back.price, back.dpe, back.version], ['LOCATION', 'STUDIO', 990, 'D', 2]);
  // A v1-created listing can be deleted through ingestion.
  const { serviceId } = (await create(v1Body('X-2'))).json();
  assert.equal((await t.call('DELETE', '/ingest/listingByExternalId?externalId=X-2', agency.live)).statusCode, 200);
  assert.equal((await t.call('GET', `/v1/listings/${serviceId}`, agency.live)).statusCode, 404);
});

test(`[${databaseKind}] the sandbox is separate: TEST keys on /sandbox/v1 see only sandbox listings`, async () => {
  const own = await t.agency();
  const sandbox = await t.call('POST', '/sandbox/v1/listings', own.test, v1Body('SBX-1'));
  assert.equal(sandbox.statusCode, 201);
  assert.equal((await t.call('GET', `/v1/listings/${sandbox.json().serviceId}`, own.live)).statusCode, 404);
  assert.equal((await t.call('GET', '/v1/listings/by-external/SBX-1', own.live)).statusCode, 404);
  assert.equal((await t.call('GET', `/sandbox/v1/listings/${sandbox.json().serviceId}`, own.test)).statusCode, 200);
  assert.equal((await t.call('POST', '/v1/listings', own.test, v1Body('SBX-2'))).statusCode, 401);
});

test(`[${databaseKind}] Idempotency-Key: a retry replays the first answer; another body with the key is 409`, async () => {
  const key = 'retry-7f0c2a4e-1b1d-4c1e-9a77-0b8f3e0d9d11';
  const first = await create(v1Body('I-1'), agency.live, { 'idempotency-key': key });
  assert.equal(first.statusCode, 201);
  const retry = await create(v1Body('I-1'), agency.live, { 'idempotency-key': key });
  assert.equal(retry.statusCode, 201, 'the replay is the first answer, not an update');
  assert.equal(retry.body, first.body);
  assert.equal(retry.headers['idempotent-replayed'], 'true');
  const other = await create(v1Body('I-1', { price: 100000 }), agency.live, { 'idempotency-key': key });
  assert.equal(other.statusCode, 409);
  assert.match(other.json().detail, /different request/);
  assert.equal((await t.call('GET', '/v1/listings/by-external/I-1', agency.live)).json().version, 1, 'nothing was written twice');
  const tooLong = await create(v1Body('I-1'), agency.live, { 'idempotency-key': 'k'.repeat(256) });
  assert.equal(tooLong.statusCode, 400);
  assert.equal(tooLong.json().detail, 'The headers are invalid: idempotency-key must be at most 255 characters long');
  // A PUT retried after a timeout is applied once.
  const serviceId = first.json().serviceId;
  const putKey = 'put-once-0001';
  const put1 = await t.call(
    'PUT',
    `/v1/listings/${serviceId}`,
    agency.live,
    { price: 150000 },
    { 'idempotency-key': putKey, 'if-match': '"v1"' },
  );
  const put2 = await t.call(
    'PUT',
    `/v1/listings/${serviceId}`,
    agency.live,
    { price: 150000 },
    { 'idempotency-key': putKey, 'if-match': '"v1"' },
  );
  assert.equal(put1.statusCode, 200);
  assert.equal(put2.statusCode, 200, 'replayed, not a 412');
  assert.equal(put2.headers.etag, '"v2"');
  // Keys are per agency: another agency may use the same key.
  const other2 = await t.agency();
  assert.equal((await create(v1Body('I-1'), other2.live, { 'idempotency-key': key })).statusCode, 201);
  assert.equal((await create(v1Body('I-9'), agency.live, { 'idempotency-key': 'bad key with spaces' })).statusCode, 400);
});

test(`[${databaseKind}] Idempotency-Key is shared across processes`, async () => {
  const second = await createTestApp({ db: t.db });
  try {
    const key = 'cross-process-key-42';
    const first = await create(v1Body('I-X'), agency.live, { 'idempotency-key': key });
    const replay = await second.call('POST', '/v1/listings', agency.live, v1Body('I-X'), { 'idempotency-key': key });
    assert.equal(replay.statusCode, first.statusCode);
    assert.equal(replay.body, first.body);
  } finally {
    await second.close();
  }
});

test(`[${databaseKind}] scopes apply to v1: read-only keys cannot write or delete`, async () => {
  const readOnly = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json().key;
  const write = await create(v1Body('SC-1'), readOnly);
  assert.equal(write.statusCode, 403);
  assert.match(write.json().detail, /listings:write/);
  assert.equal((await t.call('GET', '/v1/listings', readOnly)).statusCode, 200);
  const { serviceId } = (await create(v1Body('SC-2'))).json();
  assert.equal((await t.call('DELETE', `/v1/listings/${serviceId}`, readOnly)).statusCode, 403);
});

test(`[${databaseKind}] fuzz: malformed v1 bodies always get a 4xx naming fields, never a 500`, async () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const values = [
    null,
    0,
    -1,
    1.5,
    1e300,
    '',
    'x',
    'A',
    true,
    [],
    {},
    [{}],
    [{ url: 'https://a.b/c', order: 0 }],
    { feesPaidBy: 'x' },
    '2026-01-01T00:00:00Z',
    'é'.repeat(400),
  ];
  const keys = [...Object.keys(v1Body('F')), 'charges', 'floor', 'features', 'sourceCrm', 'shareWithService', 'createdAtExternal', 'junk'];
  for (let i = 0; i < 300; i++) {
    const body: Record<string, unknown> = v1Body(`FZ-${i}`);
    for (let m = 0; m < 1 + Math.floor(random() * 3); m++)
      body[keys[Math.floor(random() * keys.length)]!] = values[Math.floor(random() * values.length)];
    const target = random() < 0.2 ? '/v1/listings/batch' : '/v1/listings';
    const response = await t.call('POST', target, agency.live, target.endsWith('batch') ? { listings: [body] } : body);
    assert.ok([200, 201, 400, 422].includes(response.statusCode), `${response.statusCode} for ${JSON.stringify(body).slice(0, 200)}`);
    if (response.statusCode >= 400)
      assert.ok(response.json().errors.length > 0 && response.json().errors.every((e: { field: string }) => e.field));
  }
});

test(`[${databaseKind}] a parking space or a piece of land with rooms 0 or 1 is published at once; more rooms wait for an operator`, async () => {
  const parking = { category: 'parking', price: 25000, surface: 12, dpe: null, ges: null, bedrooms: null };
  for (const [externalId, rooms, category] of [
    ['ROOMS-p0', 0, 'parking'],
    ['ROOMS-p1', 1, 'parking'],
    ['ROOMS-l1', 1, 'land'],
  ] as const) {
    const answer = await create(v1Body(externalId, { ...parking, category, surface: category === 'land' ? 800 : 12, rooms }));
    assert.equal(answer.statusCode, 201, answer.body);
    assert.deepEqual([externalId, answer.json().status, answer.json().moderation.reasons], [externalId, 'active', []]);
  }
  const three = await create(v1Body('ROOMS-p3', { ...parking, rooms: 3 }));
  assert.deepEqual(
    three.json().moderation.reasons.map((r: { code: string }) => r.code),
    ['rooms_implausible'],
  );
});
