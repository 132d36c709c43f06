import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Background, repeat, type BackgroundTask } from '../../../src/platform/jobs/background.js';

/**
 * src/main/schedule.ts lists everything that runs outside requests; no service keeps a timer
 * of its own. `repeat` (src/platform/jobs/background.ts) is the one setInterval of the code.
 */
const ONE_TIMER = join('src', 'platform', 'jobs', 'background.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test('no module of src but background.ts calls setInterval', () => {
  const offenders = sources('src').filter((path) => path !== ONE_TIMER && /\bsetInterval\s*\(/.test(readFileSync(path, 'utf8')));
  assert.deepEqual(offenders, [], 'repeat work through repeat() or a task of src/main/schedule.ts');
  assert.match(readFileSync(ONE_TIMER, 'utf8'), /\bsetInterval\s*\(/, 'the one timer is where this test looks');
});

test('repeat never overlaps a call still running, and stops', async () => {
  // Driven by the calls themselves, not by a wall-clock window: on a loaded machine a
  // fixed 200 ms could see a single call (CI did, once).
  let running = 0;
  let most = 0;
  let calls = 0;
  let thirdCall!: () => void;
  const thirdCallStarted = new Promise<void>((resolve) => (thirdCall = resolve));
  let lastCallEnded: Promise<void> = Promise.resolve();
  const repeating = repeat(5, async () => {
    calls += 1;
    running += 1;
    most = Math.max(most, running);
    if (calls === 3) thirdCall();
    // Each call outlasts several periods, so an overlapping timer would start a second one.
    lastCallEnded = new Promise((resolve) => setTimeout(resolve, 30));
    await lastCallEnded;
    running -= 1;
  });
  await thirdCallStarted;
  repeating.stop();
  const stoppedAt = calls;
  await lastCallEnded;
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(most, 1, 'two calls ran at once');
  assert.equal(calls, stoppedAt, 'a call started after the stop');
});

test('the listed tasks start in order and stop in reverse, each once; a name listed twice is refused', async () => {
  const seen: string[] = [];
  const task = (name: string): BackgroundTask => ({
    name,
    owner: 'test',
    kind: 'continuous',
    start: () => void seen.push(`start ${name}`),
    stop: async () => void seen.push(`stop ${name}`),
  });
  const background = new Background([task('a'), task('b'), task('c')]);
  await background.start();
  assert.deepEqual(background.running(), ['a', 'b', 'c']);
  await Promise.all([background.stop(), background.stop()]);
  assert.deepEqual(seen, ['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  assert.deepEqual(background.running(), []);
  assert.throws(() => new Background([task('a'), task('a')]), /listed twice: a/);
});
