import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { items } from '../../helpers/listings.js';
import { runCli } from '../../../src/main/cli/main.js';
import { childEnv, cliArgs, collect, exited, waitFor } from './server-process.js';

/**
 * Ctrl+C and kill during `push` and `sync`, through the real CLI process: the signal reaches
 * it as it would from a terminal, and what it prints is read as printed.
 */
let t: TestApp;
let url: string;
const dir = mkdtempSync(join(tmpdir(), 'listing-sync-interrupt-'));

before(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const ndjsonFile = (name: string, listings: unknown[]) => {
  const path = join(dir, name);
  writeFileSync(path, listings.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
};

/** The CLI as a separate process, with the agency's key; `signals` are sent once it has pushed its first request. */
async function interrupted(key: string, args: string[], signals: NodeJS.Signals[]) {
  const child = spawn(process.execPath, [...cliArgs, ...args], {
    env: childEnv({ LISTING_SYNC_URL: url, LISTING_SYNC_KEY: key }),
  });
  const output = collect(child);
  try {
    await waitFor('a first request answered', () => /pushing: \d+ listings sent/.test(output.stderr), output);
    for (const [i, signal] of signals.entries()) {
      // Signals of one kind are not queued: the second is sent once the first has been taken.
      if (i > 0) await waitFor('the first signal taken', () => /received: no more of/.test(output.stderr), output);
      child.kill(signal);
    }
    const code = await exited(child);
    return { code, ...output };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

async function stored(key: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let afterTs: number | null = 0;
  while (afterTs !== null) {
    const page: { listings: Array<{ externalId: string; status: string }>; nextAfterTs: number | null } = (
      await t.call('GET', `/ingest/agencyListings?afterTs=${afterTs}&limit=1000`, key)
    ).json();
    for (const l of page.listings) ids.set(l.externalId, l.status);
    afterTs = page.nextAfterTs;
  }
  return ids;
}

const openSessions = async (key: string) => (await t.call('GET', '/ingest/syncSessions?state=open', key)).json().syncSessions;

test(`[${databaseKind}] Ctrl+C during push: no more is read, what was sent is answered, the summary says what was not sent, exit 130`, async () => {
  const a = await t.agency();
  const path = ndjsonFile('ctrl-c.ndjson', items(8000, 'P'));
  const result = await interrupted(a.live, ['push', path], ['SIGINT']);

  assert.equal(result.code, 130, result.stderr);
  assert.match(result.stderr, new RegExp(`SIGINT received: no more of ${path} is read.*Ctrl\\+C again stops at once`));
  const [, pushed] = /Pushed (\d+) listings from /.exec(result.stdout) ?? [];
  assert.ok(pushed, result.stdout);
  assert.match(result.stdout, new RegExp(`created +${pushed}\n`), 'every listing read was sent and answered');
  const [, line] =
    new RegExp(`Interrupted by SIGINT: ${path} was read up to line (\\d+), and the rest of it was not sent`).exec(result.stdout) ?? [];
  assert.ok(line, result.stdout);
  assert.ok(Number(pushed) < 8000, 'stopped before the end of the file');

  const ids = await stored(a.live);
  assert.equal(ids.size, Number(pushed), 'the service holds what the summary says was answered');
  assert.ok(ids.has(`P-${Number(line) - 1}`) && !ids.has(`P-${Number(line)}`), 'the file up to the line said, and nothing after it');
});

test(`[${databaseKind}] kill (SIGTERM) during sync abandons the session: nothing withdrawn, the next sync starts at once; exit 143`, async () => {
  const a = await t.agency();
  await t.call('POST', '/ingest/ingestListings', a.live, { listings: items(10, 'OLD') });
  const path = ndjsonFile('killed-sync.ndjson', items(6000, 'T'));
  const result = await interrupted(a.live, ['sync', path], ['SIGTERM']);

  assert.equal(result.code, 143, result.stderr);
  assert.match(result.stderr, /SIGTERM received: .*then sync session syn_\w+ is abandoned \(nothing is withdrawn\)/);
  assert.match(result.stdout, /Sync session syn_\w+ abandoned on SIGTERM, nothing withdrawn: the next sync can start at once/);
  assert.match(result.stdout, /Interrupted by SIGTERM: .* was read up to line \d+, and the rest of it was not sent/);
  assert.equal((await stored(a.live)).get('OLD-3'), 'active', 'nothing withdrawn');
  assert.deepEqual(await openSessions(a.live), []);
  assert.equal((await t.call('POST', '/ingest/syncSessions', a.live)).statusCode, 201, 'the next sync can start');
});

test(`[${databaseKind}] a second Ctrl+C stops at once: what was answered, what was not, and the sync session abandoned`, async () => {
  const a = await t.agency();
  await t.call('POST', '/ingest/ingestListings', a.live, { listings: items(10, 'OLD') });
  const path = ndjsonFile('twice.ndjson', items(6000, 'D'));
  const result = await interrupted(a.live, ['sync', path], ['SIGINT', 'SIGINT']);

  assert.equal(result.code, 130, result.stderr);
  assert.match(result.stdout, /Stopped at once on a second SIGINT/);
  assert.match(result.stdout, /answered +\d+ listings: \d+ created, 0 updated, 0 unchanged, 0 rejected/);
  assert.match(result.stdout, /unanswered +\d+ listings read and sent/);
  assert.match(result.stdout, new RegExp(`not sent +the rest of ${path}, after line \\d+`));
  assert.match(result.stdout, /Sync session syn_\w+ abandoned: nothing withdrawn/);
  assert.deepEqual(await openSessions(a.live), []);
  assert.equal((await stored(a.live)).get('OLD-3'), 'active');
});

test(`[${databaseKind}] a session a killed sync left open: the 409 names the way out, and sync --abandon takes it`, async () => {
  const a = await t.agency();
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      args,
      { LISTING_SYNC_URL: url, LISTING_SYNC_KEY: a.live },
      (l) => out.push(l),
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  // What kill -9 leaves behind: a session nobody will complete or abandon.
  const left = (await t.call('POST', '/ingest/syncSessions', a.live)).json();
  const path = ndjsonFile('after-kill.ndjson', items(3, 'K'));
  const blocked = await cli(['sync', path]);
  assert.equal(blocked.code, 3);
  assert.match(
    blocked.err,
    new RegExp(`409 conflict: .*${left.syncId}.*DELETE /ingest/syncSessions/${left.syncId}.*listing-sync sync --abandon`),
  );

  const abandoned = await cli(['sync', '--abandon']);
  assert.equal(abandoned.code, 0, abandoned.err);
  assert.match(abandoned.out, new RegExp(`Sync session ${left.syncId} .*abandoned: nothing withdrawn`));
  assert.match((await cli(['sync', '--abandon'])).out, /No sync session is open for this agency: nothing to abandon/);
  assert.equal((await cli(['sync', path])).code, 0, 'the next sync runs');
  assert.equal((await cli(['sync', path, '--abandon'])).code, 2, '--abandon takes no FILE');
});
