import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { databaseKind } from '../helpers/database.js';
import { startServerProcess } from './cli/server-process.js';

const run = promisify(execFile);

/** The README's "First steps", cut at each numbered step: its shell blocks and its prose. */
function firstSteps(): Array<{ prose: string; blocks: string[] }> {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## First steps'), readme.indexOf('## Where to go next'));
  return section
    .split(/\n(?=\d\. )/)
    .slice(1)
    .map((step) => ({
      prose: step.replace(/```sh\n[\s\S]*?```/g, ''),
      blocks: [...step.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!),
    }));
}

interface CurlAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Runs a README block in bash as a reader would paste it, after the key line: the only
 * changes are the server's address (it listens on a free port), and `-sS -i` on curl so
 * the test sees the status line and the headers.
 */
async function paste(block: string, keyLine: string, url: string): Promise<CurlAnswer> {
  const script = `${keyLine}\n${block}`.replaceAll('http://127.0.0.1:8080', url).replace(/^(\s*)curl /gm, '$1curl -sS -i ');
  assert.equal((script.match(/curl -sS -i /g) ?? []).length, 1, `one curl command per block:\n${block}`);
  const { stdout } = await run('bash', ['-euc', script]);
  const [head, ...body] = stdout.split(/\r\n\r\n/);
  const [statusLine, ...headerLines] = head!.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.join('\r\n\r\n') };
}

test(`[${databaseKind}] the README's first steps, pasted in order on a first start, put both listings on the public site`, async () => {
  const steps = firstSteps();
  assert.equal(steps.length, 4, 'four numbered first steps');
  const [me, push, v1] = steps;
  const keyLine = me!.blocks[0]!.split('\n').find((line) => /^\s*(export )?KEY=svc_pk_LIVE_…/.test(line));
  assert.ok(keyLine, 'step 1 sets KEY from the start output');

  const server = await startServerProcess();
  try {
    const withKey = keyLine.replace(/KEY=svc_pk_LIVE_…/, `KEY=${server.liveKey}`);

    const meAnswer = await paste(me!.blocks[0]!.replace(keyLine, ''), withKey, server.url);
    assert.equal(meAnswer.status, 200, meAnswer.body);

    // Step 2: what the README says the push answers.
    assert.match(push!.prose, /`200 OK` with `\{"processed": 1, "created": 1,/);
    assert.match(push!.prose, /"outcome": "created", "serviceId": "lst_…", "moderation": \{"state": "approved"/);
    const pushed = await paste(push!.blocks[0]!, withKey, server.url);
    assert.equal(pushed.status, 200, pushed.body);
    const pushedBody = JSON.parse(pushed.body);
    assert.deepEqual([pushedBody.processed, pushedBody.created], [1, 1], pushed.body);
    assert.equal(pushedBody.results[0].outcome, 'created');
    assert.equal(pushedBody.results[0].moderation.state, 'approved', `held for review: ${pushed.body}`);
    // The README names the compliance code the push's missing ges brings.
    assert.ok(pushedBody.results[0].compliance.includes('energy_classes_missing'), pushed.body);
    assert.match(push!.prose, /`energy_classes_missing`: the greenhouse-gas class `ges` was not sent/);

    // Step 3: a 201 with its Location, active and approved; the same body again is unchanged.
    assert.match(v1!.prose, /`201 Created` with `Location: http:\/\/localhost:8080\/v1\/listings\/lst_…`/);
    assert.match(v1!.prose, /"status": "active", .*"moderation": \{"state": "approved"/s);
    const created = await paste(v1!.blocks[0]!, withKey, server.url);
    assert.equal(created.status, 201, created.body);
    const createdBody = JSON.parse(created.body);
    assert.match(created.headers.location!, new RegExp(`/v1/listings/${createdBody.serviceId}$`));
    assert.equal(createdBody.status, 'active');
    assert.equal(createdBody.moderation.state, 'approved', `held for review: ${created.body}`);
    assert.match(v1!.prose, /Sending the same body again answers 200 with\s+`"outcome": "unchanged"`/);
    const again = await paste(v1!.blocks[0]!, withKey, server.url);
    assert.equal(again.status, 200, again.body);
    assert.equal(JSON.parse(again.body).outcome, 'unchanged');

    // Then, as step 3 says, both are on the home page, and each on its own page.
    assert.match(v1!.prose, /Both listings are now on the public site: the home page `http:\/\/127\.0\.0\.1:8080\/`/);
    const home = await (await fetch(`${server.url}/`)).text();
    const titles = [push!.blocks[0]!, v1!.blocks[0]!].map((block) => /"title":"([^"]+)"/.exec(block)![1]!);
    for (const title of titles) assert.ok(home.includes(title), `the home page shows "${title}"`);
    for (const serviceId of [pushedBody.results[0].serviceId, createdBody.serviceId]) {
      assert.equal((await fetch(`${server.url}/listings/${serviceId}`)).status, 200, `/listings/${serviceId}`);
    }
  } finally {
    await server.stop();
  }
});
