import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { annoncesCsv, passerelleZipOf, specs, type LineSpec } from '../../helpers/poliris-upload.js';
import { POLIRIS_UPLOAD_LIMIT } from '../../../src/domain/poliris/import.js';
import { listImports } from '../../../src/domain/poliris/import.js';

const { t } = useTestApp();
const zip = 'application/zip';
const upload = (
  key: string | null,
  body: Buffer | string,
  type = zip,
  query = '',
  base = '/ingest',
  headers: Record<string, string> = {},
) => t.call('POST', `${base}/poliris${query}`, key, body, { 'content-type': type, ...headers });
const statusOf = async (key: string, externalId: string, base = '/ingest') => {
  const answer = await t.call('GET', `${base}/listingByExternalId?externalId=${externalId}`, key);
  return answer.statusCode === 200 ? (answer.json().status as string) : null;
};

test(`[${databaseKind}] the operation is in the OpenAPI description with its three body types`, async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const operation = doc.paths['/ingest/poliris'].post;
  assert.equal(operation.operationId, 'importPoliris');
  assert.deepEqual(Object.keys(operation.requestBody.content).sort(), ['application/octet-stream', 'application/zip', 'text/csv']);
  assert.ok(operation.responses['409'] && operation.responses['413'] && operation.responses['415']);
});

test(`[${databaseKind}] keys, scope and body types are checked before any file is read`, async () => {
  const a = await t.agency();
  const csv = annoncesCsv([{ id: 'K-1' }]);
  assert.equal((await upload(null, csv)).statusCode, 401);
  assert.equal((await upload(a.test, csv)).statusCode, 401, 'a TEST key on the live path');
  assert.equal((await upload(a.live, csv, zip, '', '/sandbox/ingest')).statusCode, 401, 'a LIVE key on the sandbox');
  const readOnly = (await t.admin('POST', `/agencies/${a.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json().key;
  assert.equal((await upload(readOnly, csv)).statusCode, 403);

  const json = await upload(a.live, JSON.stringify({ listings: [] }), 'application/json');
  assert.equal(json.statusCode, 415);
  assert.match(json.json().detail, /application\/zip.*text\/csv/);
  assert.equal((await upload(a.live, csv, 'image/png')).statusCode, 415);
  assert.equal((await upload(a.live, csv, zip, '?force=yes')).statusCode, 400);
  assert.equal((await upload(a.live, csv, zip, '?other=1')).statusCode, 400);
  assert.deepEqual(await listImports(t.db, { agencyId: a.agencyId, env: 'live' }, 5), [], 'nothing reached the importer');
});

test(`[${databaseKind}] a body over the limit is refused at once with 413`, async () => {
  const a = await t.agency();
  const tooLarge = await upload(a.live, Buffer.alloc(POLIRIS_UPLOAD_LIMIT + 1, 0x41), 'text/csv');
  assert.equal(tooLarge.statusCode, 413);
  assert.equal(tooLarge.json().code, 'payload_too_large');
});

test(`[${databaseKind}] a ZIP creates the listings, the same file again changes nothing, a later one withdraws`, async () => {
  const a = await t.agency();
  const file = await passerelleZipOf(specs(10, 'Z'));
  const first = await upload(a.live, file, zip, '?fileName=export.zip');
  assert.equal(first.statusCode, 200, first.body);
  const report = first.json();
  assert.deepEqual([report.lines, report.created, report.updated, report.unchanged, report.withdrawn], [10, 10, 0, 0, 0]);
  assert.match(report.importId, /^imp_/);
  assert.equal(await statusOf(a.live, 'Z-3'), 'active');
  assert.equal((await t.call('GET', '/ingest/listingByExternalId?externalId=Z-3', a.live)).json().reference, 'REF-Z-3');

  const again = (await upload(a.live, file)).json();
  assert.deepEqual([again.created, again.updated, again.unchanged, again.withdrawn], [0, 0, 10, 0]);

  const later: LineSpec[] = [...specs(9, 'Z').map((s, i) => (i === 0 ? { ...s, price: 199_000 } : s)), { id: 'Z-NEW' }];
  const third = (await upload(a.live, annoncesCsv(later), 'text/csv')).json();
  assert.deepEqual([third.created, third.updated, third.unchanged, third.withdrawn], [1, 1, 8, 1]);
  assert.equal(await statusOf(a.live, 'Z-9'), 'withdrawn');
  const [kept] = await listImports(t.db, { agencyId: a.agencyId, env: 'live' }, 3).then((r) => r.slice(2));
  assert.equal(kept!.fileName, 'export.zip');
});

test(`[${databaseKind}] over the cap: 409 and nothing changes; force=true withdraws; a bad line is reported`, async () => {
  const a = await t.agency();
  await upload(a.live, annoncesCsv(specs(10, 'C')), 'text/csv');
  const smaller = [...specs(6, 'C'), { id: 'C-BAD', reference: 'R-BAD', propertyType: 'Château fort' }];
  const refused = await upload(a.live, annoncesCsv(smaller), 'text/csv');
  assert.equal(refused.statusCode, 409);
  assert.match(refused.json().detail, /retirerait 4 des 10 annonces/);
  assert.equal(await statusOf(a.live, 'C-9'), 'active');
  assert.equal(await statusOf(a.live, 'C-BAD'), null);

  const forced = await upload(a.live, annoncesCsv(smaller), 'text/csv', '?force=true');
  assert.equal(forced.statusCode, 200);
  const report = forced.json();
  assert.equal(report.withdrawn, 4);
  assert.deepEqual(
    report.errors.map((e: { line: number; reference: string; rank: number }) => [e.line, e.reference, e.rank]),
    [[7, 'R-BAD', 4]],
  );
});

test(`[${databaseKind}] the sandbox imports into the TEST set; a file refused whole is 400 and writes nothing`, async () => {
  const a = await t.agency();
  const sandboxed = await upload(a.test, await passerelleZipOf(specs(2, 'S')), zip, '', '/sandbox/ingest');
  assert.equal(sandboxed.statusCode, 200);
  assert.equal(await statusOf(a.test, 'S-0', '/sandbox/ingest'), 'active');
  assert.equal(await statusOf(a.live, 'S-0'), null, 'the live set is untouched');

  const notZip = await upload(a.live, Buffer.from('not a zip at all'), zip);
  assert.equal(notZip.statusCode, 400);
  const empty = await upload(a.live, Buffer.alloc(0), 'text/csv');
  assert.equal(empty.statusCode, 400);
  const reports = await listImports(t.db, { agencyId: a.agencyId, env: 'live' }, 5);
  assert.deepEqual(
    reports.map((r) => r.outcome),
    ['refused', 'refused'],
  );
});

test(`[${databaseKind}] a retry with the same Idempotency-Key gets the first answer again`, async () => {
  const a = await t.agency();
  const file = await passerelleZipOf(specs(3, 'I'));
  const key = { 'idempotency-key': 'poliris-retry-1' };
  const first = await upload(a.live, file, zip, '', '/ingest', key);
  const retried = await upload(a.live, file, zip, '', '/ingest', key);
  assert.equal(retried.headers['idempotent-replayed'], 'true');
  assert.deepEqual(retried.json(), first.json());
  const other = await upload(a.live, await passerelleZipOf(specs(4, 'I')), zip, '', '/ingest', key);
  assert.equal(other.statusCode, 409, 'the same key with another file');
});
