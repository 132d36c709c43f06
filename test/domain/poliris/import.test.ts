import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { items } from '../../helpers/listings.js';
import { fakeLines, fakeParts, fakeUpload, type FakeLine } from '../../helpers/poliris-import.js';
import { getImport, importPoliris, listImports, type ImportOptions } from '../../../src/domain/poliris/import.js';
import { IssueList, REPORTS_KEPT } from '../../../src/domain/poliris/import-reports.js';
import { IMPORT_BATCH } from '../../../src/domain/poliris/import-steps.js';
import { startSession } from '../../../src/domain/sync/sessions.js';
import type { AgencyEnv } from '../../../src/domain/tenant.js';

let clock = new Date('2026-03-01T08:00:00Z');
const { t } = useTestApp({ now: () => clock });
const tick = () => (clock = new Date(clock.getTime() + 1000));

const options: ImportOptions = { origin: 'upload', fileName: 'Annonces.csv', force: false };
const run = (tenant: AgencyEnv, lines: FakeLine[] | 'refuse', force = false) =>
  importPoliris(t.db, tenant, fakeUpload(lines), { ...options, force }, () => tick(), fakeParts);

async function tenantOf(): Promise<AgencyEnv & { live: string }> {
  const agency = await t.agency();
  return { agencyId: agency.agencyId, env: 'live', live: agency.live };
}
const statusOf = async (key: string, externalId: string) => {
  const answer = await t.call('GET', `/ingest/listingByExternalId?externalId=${externalId}`, key);
  return answer.statusCode === 200 ? (answer.json().status as string) : null;
};
const openSessions = async (tenant: AgencyEnv) =>
  (
    await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sync_sessions WHERE agency_id = $1 AND state = 'open'", [
      tenant.agencyId,
    ])
  ).rows[0]!.n;

test(`[${databaseKind}] a file creates its listings in batches, the same file again changes nothing, and each report is kept`, async () => {
  const tenant = await tenantOf();
  const lines = fakeLines(IMPORT_BATCH + 3, 'P');
  const first = await run(tenant, lines);
  assert.ok(first.ok);
  assert.match(first.value.importId, /^imp_/);
  assert.match(first.value.syncId!, /^syn_/);
  assert.deepEqual(
    { ...first.value, importId: 0, syncId: 0, startedAt: 0, finishedAt: 0 },
    {
      importId: 0,
      syncId: 0,
      startedAt: 0,
      finishedAt: 0,
      origin: 'upload',
      fileName: 'Annonces.csv',
      outcome: 'imported',
      refusal: null,
      lines: IMPORT_BATCH + 3,
      created: IMPORT_BATCH + 3,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      errorCount: 0,
      warningCount: first.value.warningCount,
      errors: [],
      warnings: first.value.warnings,
    },
  );
  assert.equal(await statusOf(tenant.live, `P-${IMPORT_BATCH + 2}`), 'active');
  assert.equal(await openSessions(tenant), 0, 'the session was completed');

  const again = await run(tenant, lines);
  assert.ok(again.ok);
  assert.deepEqual([again.value.created, again.value.updated, again.value.unchanged, again.value.withdrawn], [0, 0, IMPORT_BATCH + 3, 0]);

  const listed = await listImports(t.db, tenant, 10);
  assert.deepEqual(
    listed.map((report) => report.importId),
    [again.value.importId, first.value.importId],
    'newest first',
  );
  assert.deepEqual(listed[0]!.errors, [], 'a list carries counts, not issues');
  const stored = await getImport(t.db, tenant, first.value.importId);
  assert.equal(stored?.created, IMPORT_BATCH + 3);
  assert.equal(stored?.startedAt.toISOString(), first.value.startedAt.toISOString());

  const other = await tenantOf();
  assert.equal(await getImport(t.db, other, first.value.importId), null, 'another agency never reads the report');
  assert.equal(await getImport(t.db, { ...tenant, env: 'test' }, first.value.importId), null, 'nor the other environment');
  assert.deepEqual(await listImports(t.db, other, 10), []);
});

test(`[${databaseKind}] a later file updates, keeps and withdraws; a bad line is reported and still counts as seen`, async () => {
  const tenant = await tenantOf();
  assert.ok((await run(tenant, fakeLines(10, 'L'))).ok);
  const later: FakeLine[] = [
    ...fakeLines(8, 'L').map((line, i) => (i === 0 ? { ...line!, price: 199_000 } : i === 1 ? { ...line!, bad: true, ref: 'A-1' } : line)),
    null,
    { id: 'NEW-1' },
  ];
  const second = await run(tenant, later);
  assert.ok(second.ok);
  const { created, updated, unchanged, withdrawn, errors, errorCount, lines } = second.value;
  assert.deepEqual(
    { created, updated, unchanged, withdrawn, errorCount, lines },
    {
      created: 1,
      updated: 1,
      unchanged: 6,
      withdrawn: 2,
      errorCount: 2,
      lines: 10,
    },
  );
  assert.deepEqual(
    errors.map((e) => [e.line, e.reference, e.rank, e.code]),
    [
      [2, 'A-1', 11, 'bad_price'],
      [9, null, null, 'too_few_fields'],
    ],
  );
  assert.equal(await statusOf(tenant.live, 'L-1'), 'active', 'the bad line named its listing: not withdrawn');
  assert.equal(await statusOf(tenant.live, 'L-9'), 'withdrawn');
  assert.equal(await statusOf(tenant.live, 'L-8'), 'withdrawn');
});

test(`[${databaseKind}] over the 20 % cap nothing changes without force, and force withdraws`, async () => {
  const tenant = await tenantOf();
  assert.ok((await run(tenant, fakeLines(10, 'C'))).ok);
  const smaller: FakeLine[] = [...fakeLines(7, 'C').map((line) => ({ ...line!, price: 111_000 })), { id: 'C-NEW' }];
  const refused = await run(tenant, smaller);
  assert.ok(!refused.ok);
  assert.equal(refused.code, 'conflict');
  assert.match(refused.detail, /retirerait 3 des 10 annonces en vente \(30 %\).*force=true/);
  assert.equal(await statusOf(tenant.live, 'C-9'), 'active');
  assert.equal(await statusOf(tenant.live, 'C-NEW'), null, 'no line of the file was written');
  assert.equal(await openSessions(tenant), 0, 'the session was given up');
  const [report] = await listImports(t.db, tenant, 1);
  assert.deepEqual([report!.outcome, report!.refusal?.code, report!.created, report!.lines], ['refused', 'conflict', 0, 8]);

  const forced = await run(tenant, smaller, true);
  assert.ok(forced.ok);
  assert.deepEqual([forced.value.created, forced.value.updated, forced.value.withdrawn], [1, 7, 3]);
  assert.equal(await statusOf(tenant.live, 'C-9'), 'withdrawn');
});

test(`[${databaseKind}] a file refused whole, or with no readable line, writes and withdraws nothing and leaves its report`, async () => {
  const tenant = await tenantOf();
  await t.call('POST', '/ingest/ingestListings', tenant.live, { listings: items(3, 'K') });
  const notZip = await run(tenant, 'refuse');
  assert.ok(!notZip.ok);
  assert.deepEqual([notZip.code, notZip.detail], ['validation_error', 'Ce fichier n’est pas une archive ZIP.']);

  const unreadable = await run(tenant, [null, { id: '', bad: true }]);
  assert.ok(!unreadable.ok);
  assert.equal(unreadable.code, 'validation_error');
  assert.match(unreadable.detail, /rien n’a été écrit ni retiré/);
  assert.equal(await statusOf(tenant.live, 'K-0'), 'active');

  const reports = await listImports(t.db, tenant, 5);
  assert.deepEqual(
    reports.map((r) => [r.outcome, r.syncId, r.lines, r.errorCount]),
    [
      ['refused', null, 2, 2],
      ['refused', null, 0, 0],
    ],
  );
  const withIssues = await getImport(t.db, tenant, reports[0]!.importId);
  assert.deepEqual(
    withIssues!.errors.map((e) => e.line),
    [1, 2],
  );
});

test(`[${databaseKind}] one import at a time: an open sync session of the agency refuses the file, in French`, async () => {
  const tenant = await tenantOf();
  const open = await startSession(t.db, tenant, clock);
  assert.ok(open.ok);
  const refused = await run(tenant, fakeLines(2, 'B'));
  assert.ok(!refused.ok);
  assert.equal(refused.code, 'conflict');
  assert.match(refused.detail, /déjà en cours/);
  assert.equal(await statusOf(tenant.live, 'B-0'), null);
  const sandbox = await run({ ...tenant, env: 'test' }, fakeLines(2, 'B'));
  assert.ok(sandbox.ok, 'the other environment has sessions of its own');
});

test(`[${databaseKind}] the same externalId on two lines: the last valid line is written, the earlier one reported`, async () => {
  const tenant = await tenantOf();
  const result = await run(tenant, [{ id: 'D-1', price: 100_000 }, { id: 'D-2' }, { id: 'D-1', price: 300_000 }, { id: 'D-1', bad: true }]);
  assert.ok(result.ok);
  assert.equal(result.value.created, 2);
  assert.deepEqual(
    result.value.errors.map((e) => [e.line, e.code, e.rank]),
    [
      [4, 'bad_price', 11],
      [1, 'duplicate_external_id', 175],
    ],
  );
  const stored = await t.call('GET', '/ingest/listingByExternalId?externalId=D-1', tenant.live);
  assert.equal(stored.json().price, 300_000);
});

test('a report lists the first issues and counts them all', () => {
  const list = new IssueList(2);
  for (let line = 1; line <= 5; line++) list.add({ line, reference: null, rank: null, field: null, code: 'x', message: 'x' });
  assert.deepEqual(
    list.listed.map((issue) => issue.line),
    [1, 2],
  );
  assert.equal(list.count, 5);
});

test(`[${databaseKind}] an agency keeps its newest reports only`, async () => {
  const tenant = await tenantOf();
  for (let i = 0; i < REPORTS_KEPT + 2; i++) await run(tenant, 'refuse');
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM poliris_imports WHERE agency_id = $1', [
    tenant.agencyId,
  ]);
  assert.equal(rows[0]!.n, REPORTS_KEPT);
  clock = new Date(clock.getTime() + 91 * 86_400_000);
  await run(tenant, 'refuse');
  assert.equal((await listImports(t.db, tenant, REPORTS_KEPT)).length, 1, 'reports older than 90 days are gone');
});
