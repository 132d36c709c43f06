import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem, items } from '../../helpers/listings.js';
import { loadNewman } from '../../helpers/newman.js';
import { NEVER_RUN, SANDBOX_RUN_ONLY } from '../../../src/edge/http/postman.js';

/** The part of newman's programmatic API this test uses (newman ships no types). */
interface NewmanSummary {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    failures: Array<{ error: { message: string; test?: string }; source?: { name?: string } }>;
    executions: Array<{ item: { name: string }; response?: { code: number; text(): string } }>;
  };
}
const newman = loadNewman<{
  run(options: object, callback: (error: Error | null, summary: NewmanSummary) => void): void;
}>();

const { t } = useTestApp();

let address = '';
/** The service on a loopback port, from the first test that needs it. */
const listening = async () => (address ||= await t.app.listen({ port: 0, host: '127.0.0.1' }));

/** One newman run of the collection with an agency's key; its failures, with the answers that failed. */
async function runCollection(collection: object, url: string, key: string, sandbox: string) {
  const summary = await new Promise<NewmanSummary>((resolve, reject) =>
    newman.run(
      {
        collection,
        envVar: [
          { key: 'baseUrl', value: url },
          { key: 'sandbox', value: sandbox },
          { key: 'apiKey', value: key },
        ],
        reporters: [],
        timeoutRequest: 30_000,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  const failures = summary.run.failures.map((f) => {
    const execution = summary.run.executions.find((e) => e.item.name === f.source?.name);
    return `${f.source?.name}: ${f.error.message} ${execution?.response?.text().slice(0, 300) ?? ''}`;
  });
  return { summary, failures };
}

/** Requests beside the operations: abandoning's own session, and the agencyListings page read before completing the sync session. */
const PREREQUISITE_REQUESTS = 2;

test(`[${databaseKind}] newman runs the served Postman collection green against a fresh server`, async () => {
  const url = await listening();
  const served = await fetch(`${url}/postman.json`);
  assert.equal(served.status, 200);
  const collection = (await served.json()) as { variable: Array<{ key: string; value: string }> };
  assert.deepEqual(
    collection.variable.map((v: { key: string }) => v.key),
    ['baseUrl', 'sandbox', 'apiKey', 'syncId', 'serviceId', 'externalId', 'webhookId', 'deliveryId', 'leadId', 'runId'],
  );
  assert.equal(collection.variable[0]!.value, 'http://localhost:8080', 'the base URL is the service’s BASE_URL');

  for (const [name, key, sandbox] of [
    ['live', (await t.agency()).live, ''],
    ['sandbox', (await t.agency()).test, '/sandbox'],
  ] as const) {
    const { summary, failures } = await runCollection(collection, url, key, sandbox);
    assert.deepEqual(failures, [], `${name}: every request answers its documented success status`);
    // Operations that exist only under /sandbox are skipped in the live run, and so are those on one conversation.
    const all = Object.values(t.app.swagger().paths ?? {}).flatMap((methods) =>
      Object.values(methods as Record<string, { servers?: Array<{ url: string }> }>),
    );
    const sandboxOnly = all.filter((op) => op.servers?.length && op.servers.every((s) => /\/sandbox\/?$/.test(s.url))).length;
    const operations = all.length - NEVER_RUN.length - (name === 'live' ? sandboxOnly + SANDBOX_RUN_ONLY.length : 0);
    assert.equal(
      summary.run.stats.requests.total,
      operations + PREREQUISITE_REQUESTS,
      `${name}: one request per operation (and the prerequisites of abandoning and completing)`,
    );
    assert.equal(summary.run.stats.assertions.total, operations, `${name}: one status check per operation`);
  }
});

test(`[${databaseKind}] the collection runs green twice in a row against an agency that holds listings, and leaves them as they were`, async () => {
  const url = await listening();
  const collection = (await (await fetch(`${url}/postman.json`)).json()) as object;
  const agency = await t.agency();
  // The agency's own listings, on the market: among them the example's own externalId, which a run must not touch.
  const held = [...items(5, 'HELD'), ingestItem('CRM-2001')];
  assert.equal((await t.call('POST', '/ingest/ingestListings', agency.live, { listings: held })).json().created, 6);
  const before = await agencyListings(agency.live);

  for (const run of [1, 2]) {
    const { summary, failures } = await runCollection(collection, url, agency.live, '');
    assert.deepEqual(failures, [], `run ${run}: every request answers its documented success status`);
    // Before completing its session, the run names the six listings the agency holds in one push.
    const operations = summary.run.stats.assertions.total;
    assert.equal(summary.run.stats.requests.total, operations + PREREQUISITE_REQUESTS + 1, `run ${run}`);
  }

  // Nothing withdrawn, nothing overwritten, nothing left behind: the agency holds what it held.
  assert.deepEqual(await agencyListings(agency.live), before);
});

async function agencyListings(key: string) {
  const answer = await t.call('GET', '/ingest/agencyListings?afterTs=0&limit=1000', key);
  return (answer.json() as { listings: Array<{ externalId: string; status: string; version: number; contentHash: string }> }).listings
    .map(({ externalId, status, version, contentHash }) => ({ externalId, status, version, contentHash }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));
}
