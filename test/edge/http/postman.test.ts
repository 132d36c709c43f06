import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { loadNewman } from '../../helpers/newman.js';

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

test(`[${databaseKind}] newman runs the served Postman collection green against a fresh server`, async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const served = await fetch(`${url}/postman.json`);
  assert.equal(served.status, 200);
  const collection = (await served.json()) as { variable: Array<{ key: string; value: string }> };
  assert.deepEqual(
    collection.variable.map((v: { key: string }) => v.key),
    ['baseUrl', 'sandbox', 'apiKey', 'syncId', 'serviceId', 'externalId', 'webhookId', 'deliveryId'],
  );
  assert.equal(collection.variable[0]!.value, 'http://localhost:8080', 'the base URL is the service’s BASE_URL');

  for (const [name, key, sandbox] of [
    ['live', (await t.agency()).live, ''],
    ['sandbox', (await t.agency()).test, '/sandbox'],
  ] as const) {
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
    assert.deepEqual(failures, [], `${name}: every request answers its documented success status`);
    // Operations that exist only under /sandbox are skipped in the live run.
    const all = Object.values(t.app.swagger().paths ?? {}).flatMap((methods) =>
      Object.values(methods as Record<string, { servers?: Array<{ url: string }> }>),
    );
    const sandboxOnly = all.filter((op) => op.servers?.length && op.servers.every((s) => /\/sandbox\/?$/.test(s.url))).length;
    const operations = all.length - (name === 'live' ? sandboxOnly : 0);
    assert.equal(
      summary.run.stats.requests.total,
      operations + 1,
      `${name}: one request per operation (and the prerequisite of abandoning)`,
    );
    assert.equal(summary.run.stats.assertions.total, operations, `${name}: one status check per operation`);
  }
});
