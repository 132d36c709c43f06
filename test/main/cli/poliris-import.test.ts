import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { databaseKind } from '../../helpers/database.js';
import { annoncesCsv, passerelleZipOf, specs } from '../../helpers/poliris-upload.js';
import { useCliHarness } from './cli-harness.js';

const harness = useCliHarness('listing-sync-poliris-');
const { cli } = harness;
const file = (name: string, bytes: Buffer) => harness.file(name, bytes);

test(`[${databaseKind}] import poliris: bad usage and unreadable files exit 2 and send nothing`, async () => {
  const a = await harness.t.agency();
  assert.equal((await cli(a.live, ['import', 'poliris'])).code, 2);
  assert.equal((await cli(a.live, ['import', 'csv', 'x.zip'])).code, 2);
  const missing = await cli(a.live, ['import', 'poliris', join(harness.dir, 'nope.zip')]);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /cannot read/);
  const wrongEnv = await cli(a.test, ['import', 'poliris', file('one.csv', annoncesCsv(specs(1, 'U')))]);
  assert.equal(wrongEnv.code, 3);
  assert.match(wrongEnv.err, /add --sandbox/);
});

test(`[${databaseKind}] import poliris FILE prints the report with a bar; over the cap exit 3 until --force`, async () => {
  const a = await harness.t.agency();
  const bar: string[] = [];
  const first = await cli(a.live, ['import', 'poliris', file('export.zip', await passerelleZipOf(specs(5, 'Q')))], {
    write: (text: string) => bar.push(text),
    isTTY: true,
  });
  assert.equal(first.code, 0, first.err);
  assert.match(first.out, /5 lines, 5 created, 0 updated, 0 unchanged, 0 withdrawn, 0 errors/);
  assert.ok(bar.join('').includes('import |'), 'a progress bar on a terminal');

  const smaller = file('Annonces.csv', annoncesCsv(specs(2, 'Q')));
  const refused = await cli(a.live, ['import', 'poliris', smaller]);
  assert.equal(refused.code, 3);
  assert.match(refused.err, /retirerait 3 des 5/);
  const forced = await cli(a.live, ['import', 'poliris', smaller, '--force', '--json']);
  assert.equal(forced.code, 0);
  assert.equal(JSON.parse(forced.out).withdrawn, 3);
});
