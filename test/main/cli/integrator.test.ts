import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem, items } from '../../helpers/listings.js';
import { runCli } from '../../../src/main/cli/main.js';
import { useCliHarness } from './cli-harness.js';

const harness = useCliHarness('listing-sync-cli-');
const { cli } = harness;
const file = (name: string, text: string) => harness.file(name, text);
const ndjson = (listings: unknown[]) => listings.map((l) => JSON.stringify(l)).join('\n') + '\n';

async function storedIds(key: string, base = '/ingest'): Promise<Map<string, { status: string; version: number }>> {
  const ids = new Map<string, { status: string; version: number }>();
  let afterTs: number | null = 0;
  while (afterTs !== null) {
    const page: { listings: Array<{ externalId: string; status: string; version: number }>; nextAfterTs: number | null } = (
      await harness.t.call('GET', `${base}/agencyListings?afterTs=${afterTs}&limit=1000`, key)
    ).json();
    for (const l of page.listings) ids.set(l.externalId, { status: l.status, version: l.version });
    afterTs = page.nextAfterTs;
  }
  return ids;
}

test(`[${databaseKind}] push of a 10,000-line NDJSON file with 3 malformed lines: the rest goes, each failure is reported by line, exit 1`, async () => {
  const a = await harness.t.agency();
  const lines = items(10_000, 'N').map((l) => JSON.stringify(l));
  lines[41] = '{"externalId": "N-41", "title": "cut short';
  lines[5000] = 'not json at all';
  lines[9998] = '{"externalId": "N-9998",}';
  lines[7] = JSON.stringify(ingestItem('N-7', { price: -5 }));
  const path = file('nightly.ndjson', lines.join('\n') + '\n');
  const progress: string[] = [];
  const result = await cli(a.live, ['push', path], { write: (text) => progress.push(text) });

  assert.equal(result.code, 1, result.err);
  assert.match(result.out, /Pushed 9997 listings .* in 20 requests/);
  assert.match(result.out, /created +9996/);
  assert.match(result.out, /rejected +1/);
  assert.match(result.out, /malformed lines 3 \(lines 42, 5001, 9999\), not sent/);
  assert.match(result.out, /line 8 N-7: .*price/);
  assert.equal(progress.length, 20, 'one plain progress line per request when not on a terminal');
  assert.match(progress.at(-1)!, /9997 listings sent, 4 failed, 100 % of the file read/);

  const rejected = readFileSync(`${path}.rejected.ndjson`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rejected.map((r) => r.line).sort((x, y) => x - y),
    [8, 42, 5001, 9999],
  );
  assert.equal(rejected.find((r) => r.line === 8).listing.externalId, 'N-7', 'a rejected listing is written whole, with its reason');
  assert.match(rejected.find((r) => r.line === 5001).reason, /not JSON/);

  const stored = await storedIds(a.live);
  assert.equal(stored.size, 9996);
  assert.ok(!stored.has('N-41') && !stored.has('N-7'));
});

test(`[${databaseKind}] a JSON array file is pushed too, with a progress bar on a terminal; a clean push exits 0`, async () => {
  const a = await harness.t.agency();
  const path = file('export.json', JSON.stringify(items(1200, 'J'), null, 2));
  let screen = '';
  const result = await cli(a.test, ['push', path, '--sandbox', '--json'], { write: (text) => (screen += text), isTTY: true });
  assert.equal(result.code, 0, result.err);
  const summary = JSON.parse(result.out);
  assert.deepEqual([summary.listings, summary.created, summary.rejected, summary.rejectedFile], [1200, 1200, 0, null]);
  assert.match(screen, /pushing \|[█░]+\| 100% \| 1200 listings, 0 failed, 0 retries/);
  assert.equal((await storedIds(a.test, '/sandbox/ingest')).size, 1200);
  assert.ok(!existsSync(`${path}.rejected.ndjson`));
});

test(`[${databaseKind}] a file that is not JSON stops before any request, with a clear message`, async () => {
  const a = await harness.t.agency();
  const path = file('export.csv', 'externalId;title\nA-1;T3\n');
  const result = await cli(a.live, ['push', path]);
  assert.equal(result.code, 2);
  assert.match(result.err, /is not JSON: it starts with "e".*Nothing was sent/);
  const me = (await harness.t.call('GET', '/v1/me', a.live)).json();
  assert.equal(me.quotas.find((q: { name: string }) => q.name === 'key').used, 1, 'only this check called the service');
  assert.equal((await cli(a.live, ['push', join(harness.dir, 'absent.json')])).code, 2);
  const broken = await cli(a.live, ['push', file('broken.json', '[{"externalId": "B-1"}, {"ext')]);
  assert.equal(broken.code, 2);
  assert.match(broken.err, /ends before its JSON array is closed|not valid JSON/);
});

test(`[${databaseKind}] a malformed listing file is placed as the HTTP interfaces place a body: line, column and byte offset, or the NDJSON line and column`, async () => {
  const a = await harness.t.agency();
  // A JSON array cut short, and one with a fault on its third line.
  const cut = await cli(a.live, ['push', file('cut.json', '[{"externalId": "B-1"}, {"ext')]);
  assert.equal(cut.code, 2);
  assert.match(
    cut.err,
    /cut\.json ends before its JSON array is closed: unexpected end of the file at line 1, column 30 \(byte offset 29\)/,
  );
  const comma = await cli(a.live, ['push', file('comma.json', '[\n  {"externalId": "C-1"},\n  {"externalId": "C-2",}\n]\n')]);
  assert.equal(comma.code, 2);
  assert.match(
    comma.err,
    /comma\.json is not valid JSON: trailing comma: a property must follow ',' at line 3, column 23 \(byte offset 49\)/,
  );

  const path = file(
    'lines.ndjson',
    `${JSON.stringify(ingestItem('L-1'))}\n  {"externalId": "L-2",}\n{"externalId": "L-3", "title": "cut\n`,
  );
  const lines = await cli(a.live, ['push', path]);
  assert.equal(lines.code, 1, lines.err);
  const reasons = readFileSync(`${path}.rejected.ndjson`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).reason);
  assert.deepEqual(reasons, [
    "not JSON: trailing comma: a property must follow ',' at line 2, column 23",
    'not JSON: unexpected end of the line at line 3, column 36',
  ]);
});

test(`[${databaseKind}] a wrong key and an unreachable server end with a clear message and exit 3`, async () => {
  const a = await harness.t.agency();
  const path = file('two.ndjson', ndjson(items(2, 'W')));
  const wrongEnv = await cli(a.test, ['push', path]);
  assert.equal(wrongEnv.code, 3);
  assert.match(wrongEnv.err, /401 unauthorized.*\n.*TEST key: add --sandbox/);
  assert.equal((await cli('', ['push', path])).code, 2);
  for (const args of [['push', path], ['leads'], ['import', 'poliris', path]]) {
    const err: string[] = [];
    const noScheme = await runCli(
      args,
      { LISTING_SYNC_URL: 'localhost:8080', LISTING_SYNC_KEY: a.live },
      () => {},
      (l) => err.push(l),
    );
    assert.equal(noScheme, 2, args.join(' '));
    assert.match(
      err.join('\n'),
      /LISTING_SYNC_URL must be an http:\/\/ or https:\/\/ address with a host, such as http:\/\/127\.0\.0\.1:8080; got "localhost:8080"/,
    );
  }

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    ['push', path],
    { LISTING_SYNC_URL: `http://127.0.0.1:${port}`, LISTING_SYNC_KEY: a.live },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  assert.equal(code, 3);
  assert.match(err.join('\n'), new RegExp(`Cannot reach the listing-sync server at http://127.0.0.1:${port} \\(ECONNREFUSED\\)`));
});

test(`[${databaseKind}] reconcile finds one missing, one extra and one changed listing`, async () => {
  const a = await harness.t.agency();
  await harness.t.call('POST', '/ingest/ingestListings', a.live, { listings: items(6, 'R') });
  // The CRM's file: R-0 … R-3 as stored, R-4 changed, R-5 gone (extra on the service), R-6 new (missing).
  const crm = [...items(4, 'R'), ingestItem('R-4', { price: 299000 }), ingestItem('R-6')];
  const path = file('crm.ndjson', ndjson(crm));
  const result = await cli(a.live, ['reconcile', path]);
  assert.equal(result.code, 1, result.err);
  assert.match(result.out, /same +4/);
  assert.match(result.out, /missing +1 .*: R-6/);
  assert.match(result.out, /extra +1 .*: R-5/);
  assert.match(result.out, /different +1 .*: R-4/);
  const json = JSON.parse((await cli(a.live, ['reconcile', path, '--json'])).out);
  assert.deepEqual([json.missing, json.extra, json.different], [['R-6'], ['R-5'], ['R-4']]);

  const same = await cli(a.live, ['reconcile', file('same.ndjson', ndjson(items(6, 'R')))]);
  assert.equal(same.code, 0);
  assert.match(same.out, /same +6/);
});

test(`[${databaseKind}] sync withdraws what the file no longer holds; the 20 % cap needs --force`, async () => {
  const a = await harness.t.agency();
  await harness.t.call('POST', '/ingest/ingestListings', a.live, { listings: items(10, 'S') });
  const nine = await cli(a.live, ['sync', file('nine.ndjson', ndjson(items(9, 'S')))]);
  assert.equal(nine.code, 0, nine.err);
  assert.match(nine.out, /Sync session syn_\w+ completed: 1 of 10 listings on the market withdrawn/);
  assert.equal((await storedIds(a.live)).get('S-9')!.status, 'withdrawn');

  const five = file('five.ndjson', ndjson(items(5, 'S')));
  const refused = await cli(a.live, ['sync', five]);
  assert.equal(refused.code, 3);
  assert.match(refused.err, /409 conflict.*withdraw 4 of the 9 listings.*force/);
  // What the CLI did, not what an API caller could do next.
  assert.match(refused.err, /\nNothing was withdrawn, and the CLI abandoned the session: the next sync can start at once\./);
  assert.match(refused.err, /sync again with --force: listing-sync sync \S*five\.ndjson --force/);
  assert.doesNotMatch(refused.err, /still open|stays open/);
  assert.match(refused.out, /Synced 5 listings .*\n +created +0\n +updated +0\n +unchanged +5/, 'the push summary too');
  assert.equal((await storedIds(a.live)).get('S-8')!.status, 'active', 'nothing withdrawn');
  const forced = await cli(a.live, ['sync', five, '--force']);
  assert.equal(forced.code, 0, forced.err);
  assert.equal((await storedIds(a.live)).get('S-8')!.status, 'withdrawn');
});

test(`[${databaseKind}] sync of a file with a malformed line withdraws nothing: the line may be a listing the CRM still has`, async () => {
  const a = await harness.t.agency();
  await harness.t.call('POST', '/ingest/ingestListings', a.live, { listings: items(10, 'M') });
  const lines = items(10, 'M').map((l) => JSON.stringify(l));
  lines[9] = '{"externalId": "M-9", "title": "cut';
  const result = await cli(a.live, ['sync', file('cut.ndjson', lines.join('\n') + '\n')]);
  assert.equal(result.code, 1);
  assert.match(result.out, /abandoned, nothing withdrawn/);
  assert.equal((await storedIds(a.live)).get('M-9')!.status, 'active');
  assert.equal((await cli(a.live, ['sync', file('nine-m.ndjson', ndjson(items(9, 'M')))])).code, 0, 'the next sync starts at once');
});
