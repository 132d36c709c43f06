import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { v1Body } from '../../helpers/v1.js';
import { runCli } from '../../../src/main/cli/main.js';

/** `listing-sync leads`: the agency's conversations as NDJSON for a CRM's nightly import. */
let t: TestApp;
let url: string;

before(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

async function cli(key: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const code = await runCli(
    args,
    { LISTING_SYNC_URL: url, LISTING_SYNC_KEY: key },
    (l) => out.push(l),
    (l) => err.push(l),
    { write: (text: string) => progress.push(text) },
  );
  return { code, lines: out, err: err.join('\n'), progress };
}

async function sandboxLeads(owner: TestAgency, count: number): Promise<string[]> {
  const serviceId = (await t.call('POST', '/sandbox/v1/listings', owner.test, v1Body(`CLI-LEADS-${owner.agencyId.slice(-5)}`))).json()
    .serviceId;
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const created = await t.call('POST', '/sandbox/v1/leads', owner.test, {
      serviceId,
      name: `Visiteur ${n}`,
      email: `cli.${n}@example.org`,
      message: `Bonjour ${n}`,
    });
    assert.equal(created.statusCode, 201, created.body);
    ids.push(created.json().leadId);
  }
  return ids;
}

test(`[${databaseKind}] leads writes one conversation with its messages per line, new ones by default; --mark-read files them so the next run gives none`, async () => {
  const owner = await t.agency();
  const ids = await sandboxLeads(owner, 3);
  assert.equal((await t.call('POST', `/sandbox/v1/leads/${ids[1]}/messages`, owner.test, { text: 'Réponse' })).statusCode, 201);

  const first = await cli(owner.test, ['leads', '--sandbox']);
  assert.equal(first.code, 0, first.err);
  const leads = first.lines.map((line) => JSON.parse(line));
  assert.deepEqual(
    leads.map((l) => l.leadId),
    [ids[0], ids[2]],
    'the new ones, oldest first (the replied one is not new)',
  );
  assert.deepEqual(
    leads[0].messages.map((m: { author: string; text: string }) => [m.author, m.text]),
    [['visitor', 'Bonjour 1']],
  );
  assert.match(first.err, /Wrote 2 conversations\./);
  assert.equal(
    (await t.call('GET', `/sandbox/v1/leads/${ids[0]}`, owner.test)).json().status,
    'new',
    'without --mark-read nothing changes',
  );

  const marked = await cli(owner.test, ['leads', '--sandbox', '--mark-read']);
  assert.equal(marked.code, 0, marked.err);
  assert.equal(marked.lines.length, 2);
  assert.match(marked.err, /Wrote 2 conversations, 2 marked read\./);
  for (const id of [ids[0], ids[2]]) assert.equal((await t.call('GET', `/sandbox/v1/leads/${id}`, owner.test)).json().status, 'read');
  assert.equal((await t.call('GET', `/sandbox/v1/leads/${ids[1]}`, owner.test)).json().status, 'replied', 'only new ones are filed');

  const again = await cli(owner.test, ['leads', '--sandbox', '--mark-read']);
  assert.equal(again.code, 0, again.err);
  assert.deepEqual(again.lines, [], 'a second nightly import gives nothing twice');

  const replied = await cli(owner.test, ['leads', '--sandbox', '--status', 'replied', '--mark-read']);
  assert.deepEqual(
    replied.lines.map((line) => JSON.parse(line).leadId),
    [ids[1]],
  );
  assert.match(replied.err, /Wrote 1 conversation, 0 marked read\./, 'one conversation, in the singular');
  assert.equal((await t.call('GET', `/sandbox/v1/leads/${ids[1]}`, owner.test)).json().status, 'replied', 'a replied one keeps its status');
  const future = await cli(owner.test, ['leads', '--sandbox', '--status', 'read', '--since', new Date(Date.now() + 60_000).toISOString()]);
  assert.deepEqual(future.lines, []);
  const live = await cli(owner.live, ['leads']);
  assert.equal(live.code, 0, live.err);
  assert.deepEqual(live.lines, [], 'the LIVE conversations are another set');
});

test(`[${databaseKind}] leads pages through many conversations with progress on stderr; bad usage is exit 2, a refused key exit 3`, async () => {
  const owner = await t.agency();
  const ids = await sandboxLeads(owner, 205);
  const all = await cli(owner.test, ['leads', '--sandbox', '--mark-read']);
  assert.equal(all.code, 0, all.err);
  assert.deepEqual(all.lines.map((line) => JSON.parse(line).leadId).sort(), [...ids].sort(), 'every one once, across pages of 200');
  assert.deepEqual(all.progress, [
    'leads: 100 conversations written, 100 marked read\n',
    'leads: 200 conversations written, 200 marked read\n',
  ]);

  for (const args of [
    ['leads', '--status', 'closed'],
    ['leads', '--since', 'yesterday'],
    ['leads', 'extra'],
  ]) {
    const refused = await cli(owner.live, args);
    assert.equal(refused.code, 2, args.join(' '));
    assert.deepEqual(refused.lines, []);
  }
  const narrowed = (await t.admin('POST', `/agencies/${owner.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json().key;
  const forbidden = await cli(narrowed, ['leads']);
  assert.equal(forbidden.code, 3);
  assert.match(forbidden.err, /leads:read/);
  const wrongPlace = await cli(owner.test, ['leads']);
  assert.equal(wrongPlace.code, 3);
  assert.match(wrongPlace.err, /TEST key: add --sandbox/);
});
