import { test } from 'node:test';
import assert from 'node:assert/strict';
// The package's sources: the installed package is the build of another checkout until `npm run client:build`.
import { createListingSyncClient, importPoliris, ListingSyncError } from '../../packages/client/src/index.js';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { annoncesCsv, passerelleZipOf, specs } from '../helpers/poliris-upload.js';

const { t } = useTestApp();
let serviceUrl = '';
const service = async () => (serviceUrl ||= await t.app.listen({ port: 0, host: '127.0.0.1' }));

test(`[${databaseKind}] importPoliris sends the file and resolves with its report; the cap refuses with the French detail`, async () => {
  await service();
  const a = await t.agency();
  const client = createListingSyncClient({ baseUrl: serviceUrl, key: a.test, sandbox: true });
  const report = await importPoliris(client, await passerelleZipOf(specs(5, 'P')), { fileName: 'export.zip' });
  assert.deepEqual([report.created, report.lines, report.errors.length], [5, 5, 0]);
  const again = await importPoliris(client, annoncesCsv(specs(5, 'P')), { kind: 'csv' });
  assert.equal(again.unchanged, 5);
  await assert.rejects(
    importPoliris(client, annoncesCsv(specs(2, 'P')), { kind: 'csv' }),
    (error: unknown) => error instanceof ListingSyncError && error.status === 409 && /retirerait 3 des 5/.test(error.problem?.detail ?? ''),
  );
  const forced = await importPoliris(client, annoncesCsv(specs(2, 'P')), { kind: 'csv', force: true });
  assert.equal(forced.withdrawn, 3);
});

test(`[${databaseKind}] importPoliris throws ListingSyncError on a refusal before any file is read`, async () => {
  await service();
  const a = await t.agency();
  const wrongEnv = createListingSyncClient({ baseUrl: serviceUrl, key: a.test });
  await assert.rejects(
    importPoliris(wrongEnv, annoncesCsv(specs(1, 'W')), { kind: 'csv' }),
    (error: unknown) => error instanceof ListingSyncError && error.status === 401,
  );
});
