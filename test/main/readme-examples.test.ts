import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';

const { t, agency } = useTestApp();

/** The `-d '…'` body of the README's curl example that posts to `path`, as a reader would paste it. */
function readmeBody(path: string): unknown {
  const readme = readFileSync('README.md', 'utf8');
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => b.includes(`-X POST http://127.0.0.1:8080${path} `));
  assert.ok(block, `the README has a curl example for ${path}`);
  const body = /-d '([\s\S]*?)'/.exec(block)![1]!;
  return JSON.parse(body);
}

test(`[${databaseKind}] the README's ingestion and v1 examples work as pasted, each on its own interface`, async () => {
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, readmeBody('/ingest/ingestListings'));
  assert.equal(pushed.statusCode, 200, pushed.body);
  assert.equal(pushed.json().created, 1, pushed.body);
  const created = await t.call('POST', '/v1/listings', agency.live, readmeBody('/v1/listings'));
  assert.equal(created.statusCode, 201, created.body);
  assert.equal(created.headers.location, `http://localhost:8080/v1/listings/${created.json().serviceId}`);
  assert.equal((await t.call('POST', '/v1/listings', agency.live, readmeBody('/v1/listings'))).json().outcome, 'unchanged');
});

test('the README stands alone: it points to no file outside the repository', () => {
  const readme = readFileSync('README.md', 'utf8');
  assert.ok(!/\.\.\/|shared\/DECISIONS/.test(readme));
});

test('the interfaces document maps every ingestion field and enum value to its v1 counterpart', async () => {
  const { IngestListing } = await import('../../src/edge/ingestion/schemas.js');
  const { INGEST_TRANSACTIONS, INGEST_TYPES, INGEST_STATUSES } = await import('../../src/edge/ingestion/validate.js');
  const doc = readFileSync('docs/interfaces.md', 'utf8');
  const start = doc.indexOf('## Ingestion fields and their v1 names');
  assert.ok(start >= 0, 'docs/interfaces.md has the field table');
  const table = doc.slice(start, doc.indexOf('Required on creation', start));
  for (const field of Object.keys(IngestListing.properties))
    assert.ok(table.includes('`' + field + '`') || table.includes('`' + field + '['), `field ${field}`);
  for (const [code, value] of Object.entries({ ...INGEST_TRANSACTIONS, ...INGEST_TYPES })) {
    assert.ok(table.includes(`\`${code}\``) && table.includes(`\`${value}\``), `${code} → ${value}`);
  }
  for (const status of INGEST_STATUSES) assert.ok(table.includes(`\`${status}\``), `status ${status}`);
  // Each code sits at the same position as its v1 value in its row.
  const row = (start: string) => table.split('\n').find((line) => line.startsWith(`| \`${start}\``))!;
  const [ingestTypes, v1Categories] = row('type')
    .split('|')
    .slice(1, 3)
    .map((cell) => [...cell.matchAll(/`([A-Za-z_]+)`/g)].map((m) => m[1]).slice(1));
  assert.deepEqual(
    ingestTypes!.map((code) => INGEST_TYPES[code!]),
    v1Categories,
  );
  // The names the interfaces give a field differently are the ones the service's hints say.
  const { namesIn } = await import('../../src/domain/listing-model/interface-names.js');
  const v1Names: Record<string, string> = namesIn('v1');
  for (const [field, ingestName] of Object.entries(namesIn('ingestion'))) {
    const line = table.split('\n').find((l) => l.startsWith(`| \`${ingestName}\``) || l.startsWith(`| \`${ingestName}[`));
    assert.ok(line?.split('|')[2]?.trim().startsWith(`\`${v1Names[field]}`), `${ingestName} is v1's ${v1Names[field]}`);
  }
});
