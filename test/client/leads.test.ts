import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createListingSyncClient, listLeads, ListingSyncError, type Lead } from '@listing-sync/client';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { v1Body } from '../helpers/v1.js';

/** listLeads: the client's walk through GET /v1/leads, page after page, against the service. */
const { t, agency } = useTestApp();
let url = '';
const made: string[] = [];
let ready: Promise<void> | undefined;

/** The service on a loopback port, and five sandbox conversations, from the first test. */
const setUp = () => (ready ??= makeLeads());
async function makeLeads() {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const serviceId = (await t.call('POST', '/sandbox/v1/listings', agency.test, v1Body('CLIENT-LEADS'))).json().serviceId;
  for (const n of [1, 2, 3, 4, 5]) {
    const created = await t.call('POST', '/sandbox/v1/leads', agency.test, {
      serviceId,
      name: `Visiteur ${n}`,
      email: `visiteur.${n}@example.org`,
      message: `Message ${n}`,
    });
    assert.equal(created.statusCode, 201, created.body);
    made.push(created.json().leadId);
  }
}

const collect = async (leads: AsyncIterable<Lead>) => {
  const out: Lead[] = [];
  for await (const lead of leads) out.push(lead);
  return out;
};

test(`[${databaseKind}] listLeads yields every conversation once, oldest first, across pages`, async () => {
  await setUp();
  const requests: string[] = [];
  const client = createListingSyncClient({
    key: agency.test,
    baseUrl: url,
    sandbox: true,
    fetch: (input, init) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
  const leads = await collect(listLeads(client, { pageSize: 2 }));
  assert.deepEqual(leads.map((l) => l.leadId).sort(), [...made].sort());
  assert.deepEqual(
    leads.map((l) => l.visitor.name),
    made.map((_, i) => `Visiteur ${i + 1}`),
    'oldest first',
  );
  assert.equal(requests.length, 3, 'three pages of at most 2');
  assert.match(requests[0]!, /\/sandbox\/v1\/leads\?limit=2$/);
  assert.match(requests[1]!, /after=/);
});

test(`[${databaseKind}] listLeads passes status and since; a refusal is a ListingSyncError`, async () => {
  await setUp();
  const client = createListingSyncClient({ key: agency.test, baseUrl: url, sandbox: true });
  assert.equal((await t.call('PATCH', `/sandbox/v1/leads/${made[0]}`, agency.test, { status: 'archived' })).statusCode, 200);
  assert.deepEqual(
    (await collect(listLeads(client, { status: 'archived' }))).map((l) => l.leadId),
    [made[0]],
  );
  assert.equal((await collect(listLeads(client, { status: 'new' }))).length, 4);
  assert.deepEqual(await collect(listLeads(client, { since: new Date(Date.now() + 60_000) })), []);
  assert.equal((await collect(listLeads(client, { since: new Date(0) }))).length, 5);

  const live = createListingSyncClient({ key: agency.test, baseUrl: url });
  await assert.rejects(collect(listLeads(live)), (error: unknown) => error instanceof ListingSyncError && error.status === 401);
});
