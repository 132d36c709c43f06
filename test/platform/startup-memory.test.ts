import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { releaseStartupGarbage } from '../../src/platform/startup-memory.js';

test('without --expose-gc nothing runs', () => {
  assert.equal(releaseStartupGarbage(undefined), false);
});

test('it asks V8 for its last-resort collection, synchronously', () => {
  const asked: unknown[] = [];
  const gc = ((options?: unknown) => void asked.push(options)) as NodeJS.GCFunction;
  assert.equal(releaseStartupGarbage(gc), true);
  assert.deepEqual(asked, [{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
});

test('with --expose-gc the young generation a start grew goes back to its smallest', () => {
  const module = new URL('../../src/platform/startup-memory.js', import.meta.url).href;
  // A start in miniature: objects kept across young collections grow the young generation.
  const script = `
    import v8 from 'node:v8';
    const { releaseStartupGarbage } = await import(${JSON.stringify(module)});
    const kept = [];
    for (let i = 0; i < 400_000; i++) kept.push({ i, text: 'x'.repeat(i % 50) });
    const young = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
    const before = young();
    kept.length = 0;
    const ran = releaseStartupGarbage();
    console.log(JSON.stringify({ before, after: young(), ran }));
  `;
  const child = spawnSync(process.execPath, ['--max-semi-space-size=16', '--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(child.status, 0, child.stderr);
  const { before, after, ran } = JSON.parse(child.stdout) as { before: number; after: number; ran: boolean };
  assert.equal(ran, true);
  assert.ok(before >= 8 * 2 ** 20, `the young generation grew (${before} bytes)`);
  assert.ok(after <= 2 * 2 ** 20, `and went back to ${after} bytes`);
});
