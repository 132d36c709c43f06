import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem, items } from '../../helpers/listings.js';
import { MASK_TEXT } from '../../../src/domain/masking/mask.js';

const { t, agency } = useTestApp();
const push = (key: string, listings: unknown, url = '/ingest/ingestListings') => t.call('POST', url, key, { listings });
const get = (key: string, externalId: string, base = '/ingest') =>
  t.call('GET', `${base}/listingByExternalId?externalId=${encodeURIComponent(externalId)}`, key);

test(`[${databaseKind}] a push counts created, then unchanged, then updated`, async () => {
  const first = await push(agency.live, items(3, 'C'));
  assert.equal(first.statusCode, 200);
  // Per-item results have their own test below.
  assert.deepEqual(
    { ...(first.json() as object), warnings: undefined, results: undefined },
    { agencyId: agency.agencyId, processed: 3, created: 3, updated: 0, unchanged: 0, errors: [], warnings: undefined, results: undefined },
  );
  const again = (await push(agency.live, items(3, 'C'))).json();
  assert.deepEqual([again.created, again.updated, again.unchanged], [0, 0, 3]);
  const before = (await get(agency.live, 'C-1')).json();

  const changed = items(3, 'C');
  changed[1]!.price = 310000;
  const third = (await push(agency.live, changed)).json();
  assert.deepEqual([third.created, third.updated, third.unchanged, third.processed], [0, 1, 2, 3]);
  const after = (await get(agency.live, 'C-1')).json();
  assert.equal(after.price, 310000);
  assert.equal(after.version, before.version + 1);
  assert.equal(after.serviceId, before.serviceId);
  assert.equal((await get(agency.live, 'C-0')).json().version, 1, 'unchanged listings keep their version');
});

test(`[${databaseKind}] an unchanged push keeps version, updatedAt and change sequence`, async () => {
  await push(agency.live, [ingestItem('U-1')]);
  const page1 = (await t.call('GET', '/ingest/agencyListings?afterTs=0&limit=1000', agency.live)).json();
  const entry1 = page1.listings.find((l: { externalId: string }) => l.externalId === 'U-1');
  const read1 = (await get(agency.live, 'U-1')).json();
  // Same content, fields in another order: still unchanged.
  const reordered = Object.fromEntries(Object.entries(ingestItem('U-1')).reverse());
  assert.equal((await push(agency.live, [reordered])).json().unchanged, 1);
  const page2 = (await t.call('GET', '/ingest/agencyListings?afterTs=0&limit=1000', agency.live)).json();
  const entry2 = page2.listings.find((l: { externalId: string }) => l.externalId === 'U-1');
  assert.deepEqual(entry2, entry1);
  assert.equal((await get(agency.live, 'U-1')).json().updatedAt, read1.updatedAt);
});

test(`[${databaseKind}] each kind of bad listing is reported with its index, externalId and reason, the others are written`, async () => {
  const cases: Array<[Record<string, unknown> | unknown, RegExp]> = [
    [ingestItem('E-price', { price: -5 }), /^price must be a positive whole number of euros$/],
    [ingestItem('E-frac', { price: 1000.5 }), /price must be a whole number of euros/],
    [ingestItem('E-str', { price: '1000' }), /price must be a number of euros/],
    [ingestItem('E-trans', { transaction: 'RENT' }), /transaction must be one of VENTE, LOCATION, VIAGER/],
    [ingestItem('E-type', { type: 'CASTLE' }), /type must be one of APPARTEMENT/],
    [ingestItem('E-title', { title: '' }), /title must not be empty/],
    [ingestItem('E-missing', { city: undefined }), /city is required/],
    [ingestItem('E-postcode', { postcode: '7500' }), /postcode must be a French postcode of 5 digits/],
    [ingestItem('E-dpe', { dpe: 'H' }), /dpe must be one of A, B, C, D, E, F, G/],
    [ingestItem('E-url', { imageUrls: ['ftp://x/y.jpg'] }), /imageUrls\[0\] must be an absolute http\(s\) URL/],
    [ingestItem('E-ts', { createdAtExternal: 'yesterday' }), /createdAtExternal must be an ISO 8601 timestamp/],
    [ingestItem('E-unknown', { colour: 'blue' }), /colour is not a known field/],
    [ingestItem('E-status', { status: 'paused' }), /status must be one of active, sold, rented, under_offer, withdrawn/],
    [ingestItem('E-bed', { rooms: 2, bedrooms: 3 }), /bedrooms \(3\) must not exceed rooms \(2\)/],
    [ingestItem('E-charges', { charges: 150 }), /charges are the monthly charges of a rental/],
    [ingestItem('E-long', { description: 'x'.repeat(10_001) }), /description must be at most 10000 characters/],
    [ingestItem('E-surface', { surface: 0 }), /surface must be a positive whole number of square metres/],
    ['not an object', /each listing must be a JSON object/],
  ];
  const listings = [ingestItem('E-ok-1'), ...cases.map(([item]) => item), ingestItem('E-ok-2')];
  const result = (await push(agency.live, listings)).json();
  assert.equal(result.processed, listings.length);
  assert.equal(result.created, 2);
  assert.equal(result.errors.length, cases.length);
  cases.forEach(([item, reason], i) => {
    const error = result.errors[i];
    assert.equal(error.index, i + 1);
    assert.equal(error.externalId, typeof item === 'object' ? (item as { externalId: string }).externalId : null);
    assert.match(error.reason, reason, `case ${i}`);
  });
  assert.equal((await get(agency.live, 'E-price')).statusCode, 404, 'a rejected listing is not written');
  assert.equal((await get(agency.live, 'E-ok-2')).statusCode, 200);
});

test(`[${databaseKind}] 500 listings are accepted and 501 are refused whole`, async () => {
  const ok = await push(agency.live, items(500, 'BIG'));
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.json().created, 500);
  const tooMany = await push(agency.live, items(501, 'HUGE'));
  assert.equal(tooMany.statusCode, 400);
  assert.equal(tooMany.json().code, 'validation_error');
  assert.match(tooMany.json().errors[0].message, /listings must NOT have more than 500 items|at most 500/);
  assert.equal((await get(agency.live, 'HUGE-0')).statusCode, 404, 'nothing of a refused push is written');
  const key = { 'idempotency-key': 'push-split-in-two' };
  assert.equal((await t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(501, 'HUGE') }, key)).statusCode, 400);
  const split = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(1, 'HUGE') }, key);
  assert.equal(split.statusCode, 200, 'a push refused for its count claims no Idempotency-Key: the split push may take it');
});

test(`[${databaseKind}] bad JSON, a missing listings array and an empty one are refused whole`, async () => {
  const bad = await t.app.inject({
    method: 'POST',
    url: '/ingest/ingestListings',
    headers: { authorization: `Bearer ${agency.live}`, 'content-type': 'application/json' },
    payload: '{"listings": [',
  });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().code, 'validation_error');
  assert.match(bad.headers['content-type'] as string, /problem\+json/);
  const missing = await t.call('POST', '/ingest/ingestListings', agency.live, { items: [] });
  assert.equal(missing.statusCode, 400);
  assert.ok(missing.json().errors.some((e: { field: string }) => e.field === 'listings'));
  assert.equal((await push(agency.live, [])).statusCode, 400);
  assert.equal((await push(agency.live, 'nope')).statusCode, 400);
});

test(`[${databaseKind}] a body over the size limit gets 413 with a problem body`, async () => {
  const huge = { listings: [ingestItem('X', { description: 'x'.repeat(33 * 1024 * 1024) })] };
  const response = await t.call('POST', '/ingest/ingestListings', agency.live, huge);
  assert.equal(response.statusCode, 413);
  assert.equal(response.json().code, 'payload_too_large');
});

test(`[${databaseKind}] GET and DELETE by externalId are owner-only; another agency gets 404 and changes nothing`, async () => {
  const other = await t.agency();
  await push(agency.live, [ingestItem('OWN-1')]);
  assert.equal((await get(other.live, 'OWN-1')).statusCode, 404);
  const del = await t.call('DELETE', '/ingest/listingByExternalId?externalId=OWN-1', other.live);
  assert.equal(del.statusCode, 404);
  assert.equal(del.json().code, 'not_found');
  const mine = await get(agency.live, 'OWN-1');
  assert.equal(mine.statusCode, 200);
  assert.equal(mine.json().addressLine, '12 rue Garibaldi', 'the owner sees the private address');
  assert.equal((await get(agency.live, 'NOPE')).statusCode, 404);
  assert.equal((await t.call('GET', '/ingest/listingByExternalId', agency.live)).statusCode, 400, 'externalId is required');
});

test(`[${databaseKind}] the same externalId in two agencies stays two listings`, async () => {
  const other = await t.agency();
  await push(agency.live, [ingestItem('SHARED', { price: 100000 })]);
  await push(other.live, [ingestItem('SHARED', { price: 200000 })]);
  const mine = (await get(agency.live, 'SHARED')).json();
  const theirs = (await get(other.live, 'SHARED')).json();
  assert.notEqual(mine.serviceId, theirs.serviceId);
  assert.equal(mine.price, 100000);
  assert.equal(theirs.price, 200000);
});

test(`[${databaseKind}] shareWithService and shareWithRelay are read on creation only`, async () => {
  await push(agency.live, [ingestItem('SH-1', { shareWithService: false, shareWithRelay: true })]);
  await push(agency.live, [ingestItem('SH-2')]);
  const result = (await push(agency.live, [ingestItem('SH-1', { shareWithService: true, shareWithRelay: false, price: 1 })])).json();
  assert.equal(result.updated, 1);
  const first = (await get(agency.live, 'SH-1')).json();
  assert.deepEqual([first.shareWithService, first.shareWithRelay, first.price], [false, true, 1]);
  const second = (await get(agency.live, 'SH-2')).json();
  assert.deepEqual([second.shareWithService, second.shareWithRelay], [true, false], 'agency defaults apply');
});

test(`[${databaseKind}] delete hides the listing at once; pushing it again creates it with the version continuing`, async () => {
  await push(agency.live, [ingestItem('DEL-1')]);
  await push(agency.live, [ingestItem('DEL-1', { price: 999 })]);
  const before = (await get(agency.live, 'DEL-1')).json();
  assert.equal(before.version, 2);
  const del = await t.call('DELETE', '/ingest/listingByExternalId?externalId=DEL-1', agency.live);
  assert.equal(del.statusCode, 200);
  assert.deepEqual(del.json(), { externalId: 'DEL-1', deleted: true });
  assert.equal((await get(agency.live, 'DEL-1')).statusCode, 404);
  const page = (await t.call('GET', '/ingest/agencyListings?afterTs=0&limit=1000', agency.live)).json();
  assert.ok(!page.listings.some((l: { externalId: string }) => l.externalId === 'DEL-1'));
  assert.equal((await t.call('DELETE', '/ingest/listingByExternalId?externalId=DEL-1', agency.live)).statusCode, 404);
  const again = (await push(agency.live, [ingestItem('DEL-1', { price: 999 })])).json();
  assert.equal(again.created, 1);
  const revived = (await get(agency.live, 'DEL-1')).json();
  assert.equal(revived.version, 3);
  assert.equal(revived.serviceId, before.serviceId);
});

test(`[${databaseKind}] the same externalId twice in one push: the last occurrence wins`, async () => {
  const result = (await push(agency.live, [ingestItem('DUP', { price: 1 }), ingestItem('DUP', { price: 2 })])).json();
  assert.equal(result.created, 1);
  assert.equal(result.errors.length, 1);
  assert.equal(result.errors[0].index, 0);
  assert.equal((await get(agency.live, 'DUP')).json().price, 2);
});

test(`[${databaseKind}] a repeated externalId whose last occurrence is invalid keeps the last valid one, among other listings`, async () => {
  const result = (
    await push(agency.live, [
      ingestItem('DUP2-A', { price: 10 }),
      ingestItem('DUP2-B', { price: 20 }),
      ingestItem('DUP2-A', { price: 11 }),
      ingestItem('DUP2-C', { price: 30 }),
      ingestItem('DUP2-A', { price: -1 }),
    ])
  ).json();
  assert.deepEqual([result.processed, result.created, result.updated], [5, 3, 0]);
  assert.deepEqual(
    result.errors.map((e: { index: number; externalId: string }) => [e.index, e.externalId]),
    [
      [0, 'DUP2-A'],
      [4, 'DUP2-A'],
    ],
  );
  assert.match(result.errors[0].reason, /appears again at index 2/);
  assert.match(result.errors[1].reason, /price/);
  assert.equal((await get(agency.live, 'DUP2-A')).json().price, 11);
  assert.equal((await get(agency.live, 'DUP2-C')).json().price, 30);
});

test(`[${databaseKind}] descriptions are masked for the public while the owner keeps the original`, async () => {
  const description =
    'Contactez-nous au 06 12 34 56 78 ou sur www.agence-exemple.fr. DPE : C (120 kWh/m²/an). Carte professionnelle CPI 7501 2018 000 012 345.';
  const result = (await push(agency.live, [ingestItem('MASK-1', { description })])).json();
  assert.ok(result.warnings.some((w: { externalId: string; message: string }) => w.externalId === 'MASK-1' && /masked/.test(w.message)));
  const read = (await get(agency.live, 'MASK-1')).json();
  assert.equal(read.description, description);
  assert.ok(read.publicDescription.includes(MASK_TEXT));
  assert.ok(!read.publicDescription.includes('06 12 34 56 78'));
  assert.ok(!read.publicDescription.includes('agence-exemple'));
  assert.ok(read.publicDescription.includes('CPI 7501 2018 000 012 345'));
  assert.ok(read.publicDescription.includes('120 kWh/m²/an'));
});

test(`[${databaseKind}] a title over 100 characters is accepted with a warning`, async () => {
  const result = (await push(agency.live, [ingestItem('LONG-T', { title: 'T'.repeat(120) })])).json();
  assert.equal(result.created, 1);
  assert.ok(result.warnings.some((w: { message: string }) => /title is 120 characters/.test(w.message)));
});

test(`[${databaseKind}] paging from 0 to null returns every listing exactly once`, async () => {
  const own = await t.agency();
  for (let i = 0; i < 3; i++) await push(own.live, items(50, `P${i}`));
  const seen: string[] = [];
  let after = 0;
  for (let pages = 0; pages < 100; pages++) {
    const page = (await t.call('GET', `/ingest/agencyListings?afterTs=${after}&limit=7`, own.live)).json();
    seen.push(...page.listings.map((l: { externalId: string }) => l.externalId));
    if (page.nextAfterTs === null) break;
    after = page.nextAfterTs;
  }
  assert.equal(seen.length, 150);
  assert.equal(new Set(seen).size, 150);
});

test(`[${databaseKind}] paging while listings change returns every listing at least once`, async () => {
  const own = await t.agency();
  await push(own.live, items(100, 'M'));
  const seen = new Set<string>();
  let after = 0;
  let round = 0;
  for (;;) {
    const page = (await t.call('GET', `/ingest/agencyListings?afterTs=${after}&limit=10`, own.live)).json();
    for (const l of page.listings) seen.add(l.externalId);
    // Between pages, change listings both behind and ahead of the cursor.
    await push(own.live, [
      ingestItem(`M-${(round * 7) % 100}`, { price: 1000 + round }),
      ingestItem(`M-${99 - round}`, { price: 5000 + round }),
    ]);
    round++;
    if (page.nextAfterTs === null) break;
    after = page.nextAfterTs;
  }
  assert.equal(seen.size, 100);
});

test(`[${databaseKind}] agencyListings validates its query`, async () => {
  for (const query of ['limit=0', 'limit=1001', 'afterTs=-1', 'limit=abc', 'unknown=1']) {
    const response = await t.call('GET', `/ingest/agencyListings?${query}`, agency.live);
    assert.equal(response.statusCode, 400, query);
    assert.equal(response.json().code, 'validation_error');
  }
});

test(`[${databaseKind}] 8 concurrent pushes of one externalId make one listing`, async () => {
  const own = await t.agency();
  const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => push(own.live, [ingestItem('RACE', { price: 100000 + i })])));
  const results = responses.map((r) => r.json());
  assert.equal(
    results.reduce((n, r) => n + r.created, 0),
    1,
  );
  assert.equal(
    results.reduce((n, r) => n + r.updated, 0),
    7,
  );
  const page = (await t.call('GET', '/ingest/agencyListings?afterTs=0', own.live)).json();
  assert.equal(page.listings.length, 1);
  assert.equal(page.listings[0].version, 8, 'no lost update: every push made a version');
});

test(`[${databaseKind}] the sandbox is fully separate from live data`, async () => {
  const own = await t.agency();
  await push(own.test, [ingestItem('SB-1')], '/sandbox/ingest/ingestListings');
  assert.equal((await get(own.live, 'SB-1')).statusCode, 404);
  assert.equal((await get(own.test, 'SB-1', '/sandbox/ingest')).statusCode, 200);
  await push(own.live, [ingestItem('SB-1', { price: 1 })]);
  assert.equal((await get(own.test, 'SB-1', '/sandbox/ingest')).json().price, 320000);
  assert.equal((await push(own.test, [ingestItem('X')])).statusCode, 401, 'TEST key refused on live ingestion');
  assert.equal((await push(own.live, [ingestItem('X')], '/sandbox/ingest/ingestListings')).statusCode, 401);
});

test(`[${databaseKind}] a push answers one result per item: outcome, serviceId and version, or error at its index`, async () => {
  const own = await t.agency();
  const first = (
    await push(own.live, [ingestItem('R-1'), ingestItem('R-bad', { price: -1 }), ingestItem('R-2'), ingestItem('R-1', { price: 1 })])
  ).json();
  assert.deepEqual(
    first.results.map((r: { index: number; externalId: string; outcome: string; version: number | null }) => [
      r.index,
      r.externalId,
      r.outcome,
      r.version,
    ]),
    [
      [0, 'R-1', 'error', null],
      [1, 'R-bad', 'error', null],
      [2, 'R-2', 'created', 1],
      [3, 'R-1', 'created', 1],
    ],
  );
  assert.deepEqual(
    first.errors.map((e: { index: number }) => e.index),
    [0, 1],
    'every error result has its entry in errors[]',
  );
  assert.equal(first.results[0].serviceId, null);
  for (const [index, externalId] of [
    [2, 'R-2'],
    [3, 'R-1'],
  ] as const) {
    const read = (await get(own.live, externalId)).json();
    assert.equal(first.results[index].serviceId, read.serviceId, `${externalId}: the serviceId a CRM would otherwise look up`);
  }
  const second = (await push(own.live, [ingestItem('R-2'), ingestItem('R-1', { price: 2 }), ingestItem('R-3')])).json();
  assert.deepEqual(
    second.results.map((r: { outcome: string; version: number }) => [r.outcome, r.version]),
    [
      ['unchanged', 1],
      ['updated', 2],
      ['created', 1],
    ],
  );
  assert.equal(second.results[1].serviceId, first.results[3].serviceId);
  assert.equal(second.processed, second.results.length);
});
