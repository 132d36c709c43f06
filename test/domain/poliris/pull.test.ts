import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency } from '../../helpers/pro.js';
import { isPublicAddress } from '../../../src/domain/webhooks/address-policy.js';
import type { Importer } from '../../../src/domain/poliris/delivered-file.js';
import type { AgencyEnv } from '../../../src/domain/tenant.js';
import { enqueueDuePulls, pullOnce, PULL_JOB, pullJobHandler, type PullDeps } from '../../../src/domain/poliris/pull.js';
import { PULL_EVERY_MS, pullSetting, setPullUrl } from '../../../src/domain/poliris/pull-settings.js';

/**
 * The scheduled pull against a local HTTP server: validators honoured (a 304 imports nothing),
 * the bytes handed to the importer as they were served, the outbound rules on every hop, and
 * one mail per failure streak. The importer is a stand-in; the last test runs the real one.
 */
const { t } = useTestApp({ env: { WORKER: '0' } });

const ZIP = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('contenu de passerelle, octets quelconques')]);
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
const routes = new Map<string, (response: ServerResponse, headers: IncomingHttpHeaders) => void>();
const server = createServer((request, response) => {
  seen.push({ path: request.url ?? '', headers: request.headers });
  const route = routes.get(request.url ?? '');
  if (route) route(response, request.headers);
  else response.writeHead(404).end();
});
const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
after(() => {
  server.closeAllConnections();
  server.close();
});

const served =
  (etag: string, body: Buffer = ZIP) =>
  (response: ServerResponse, headers: IncomingHttpHeaders) => {
    if (headers['if-none-match'] === etag) return response.writeHead(304, { etag }).end();
    response.writeHead(200, { etag, 'last-modified': 'Tue, 03 Mar 2026 02:00:00 GMT', 'content-type': 'application/zip' }).end(body);
  };
routes.set('/agence.zip', served('"v1"'));
routes.set('/broken.zip', (response) => response.writeHead(500).end('panne'));
routes.set('/to-literal', (response) => response.writeHead(302, { location: 'http://10.0.0.5/agence.zip' }).end());
routes.set('/to-name', (response) => response.writeHead(301, { location: `http://intranet.test:${port}/agence.zip` }).end());
routes.set('/big.zip', (response) => response.writeHead(200).end(Buffer.alloc(4096, 1)));
routes.set('/silent.zip', () => {});

interface Call {
  tenant: AgencyEnv;
  bytes: Buffer;
  kind: string;
  origin: string;
  fileName: string | null;
  force: boolean;
}
const calls: Call[] = [];
let answer: 'imported' | 'refused' = 'imported';
const fakeImporter: Importer = async (_db, tenant, upload, options, now) => {
  calls.push({ tenant, bytes: upload.bytes, kind: upload.kind, origin: options.origin, fileName: options.fileName, force: options.force });
  const refused = answer === 'refused';
  return {
    ok: true,
    value: {
      importId: `imp_${calls.length}`,
      syncId: null,
      origin: options.origin,
      fileName: options.fileName,
      startedAt: now(),
      finishedAt: now(),
      outcome: answer,
      refusal: refused ? { code: 'validation_error', detail: 'Le fichier ne contient pas Annonces.csv.' } : null,
      lines: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      errorCount: 0,
      warningCount: 0,
      errors: [],
      warnings: [],
    },
  };
};

// `passerelle.test` stands for the agency's server (on loopback here); `intranet.test` for a private machine.
const NAMES: Record<string, string> = { 'passerelle.test': '127.0.0.1', 'intranet.test': '10.0.0.5' };
const deps = (): PullDeps => ({
  db: t.db,
  now: () => new Date(),
  site: t.config,
  allowPrivate: false,
  resolve: async (hostname) => [{ address: NAMES[hostname] ?? '203.0.113.7', family: 4 }],
  allows: (address) => address === '127.0.0.1' || isPublicAddress(address),
  importer: fakeImporter,
  timeoutMs: 2_000,
});
const url = (path: string) => `http://passerelle.test:${port}${path}`;

/** A sandbox pull URL for a new agency with an admin, kept out of the background sweep (not due). */
async function agencyPulling(path: string) {
  const agency = await signUpAgency(t);
  const tenant: AgencyEnv = { agencyId: agency.agencyId, env: 'test' };
  const set = await setPullUrl(t.db, tenant, url(path), { allowPrivate: false }, new Date());
  assert.equal(set.ok, true);
  await t.db.query(`UPDATE poliris_pulls SET next_pull_at = now() + interval '1 day' WHERE agency_id = $1`, [agency.agencyId]);
  return { agency, tenant };
}
const mailsTo = async (email: string) =>
  (
    await t.db.query<{ subject: string; text_body: string; html_body: string }>(
      // The passerelle's mails only: sign-up also mailed the address its verification link.
      `SELECT subject, text_body, html_body FROM mails WHERE to_address = $1 AND subject LIKE 'Votre passerelle%'`,
      [email],
    )
  ).rows;

test(`[${databaseKind}] a pull hands the importer the bytes served, for its agency, as a pull; the next one sends the validators and a 304 imports nothing`, async () => {
  const { tenant } = await agencyPulling('/agence.zip');
  calls.length = 0;
  const first = await pullOnce(deps(), tenant);
  assert.equal(first?.result, 'imported');
  assert.equal(calls.length, 1);
  assert.deepEqual(calls[0], { tenant, bytes: ZIP, kind: 'zip', origin: 'pull', fileName: 'agence.zip', force: false });
  const kept = await pullSetting(t.db, tenant);
  assert.equal(kept?.etag, '"v1"');
  assert.equal(kept?.lastModified, 'Tue, 03 Mar 2026 02:00:00 GMT');
  assert.equal(kept?.lastResult, 'imported');
  assert.equal(kept?.lastImportId, 'imp_1');

  const second = await pullOnce(deps(), tenant);
  assert.equal(second?.result, 'not_modified');
  assert.equal(calls.length, 1, 'a 304 imports nothing');
  const conditional = seen.at(-1)!.headers;
  assert.equal(conditional['if-none-match'], '"v1"');
  assert.equal(conditional['if-modified-since'], 'Tue, 03 Mar 2026 02:00:00 GMT');

  routes.set('/agence.zip', served('"v2"', Buffer.from('PK\u0003\u0004 nouvelle version')));
  const third = await pullOnce(deps(), tenant);
  assert.equal(third?.result, 'imported');
  assert.equal(calls.at(-1)!.bytes.toString(), 'PK\u0003\u0004 nouvelle version');
  assert.equal((await pullSetting(t.db, tenant))?.etag, '"v2"');
  routes.set('/agence.zip', served('"v1"'));
});

test(`[${databaseKind}] a failing pull mails the agency's admins once per streak, in French; a success ends the streak`, async () => {
  const { agency, tenant } = await agencyPulling('/broken.zip');
  const first = await pullOnce(deps(), tenant);
  assert.deepEqual([first?.result, first?.mailed], ['failed', true]);
  assert.match(first!.detail!, /Le serveur du fichier a répondu 500/);
  const again = await pullOnce(deps(), tenant);
  assert.deepEqual([again?.result, again?.mailed], ['failed', false]);
  const mails = await mailsTo(agency.email);
  assert.equal(mails.length, 1, 'one mail for the streak, not one per run');
  assert.match(mails[0]!.subject, /Votre passerelle : le fichier n’a pas pu être importé \(bac à sable\)/);
  assert.match(mails[0]!.text_body, /Raison : Le serveur du fichier a répondu 500/);
  assert.match(mails[0]!.html_body, /\/pro\/passerelle/);
  assert.ok((await pullSetting(t.db, tenant))?.failingSince);

  routes.set('/broken.zip', served('"ok"'));
  assert.equal((await pullOnce(deps(), tenant))?.result, 'imported');
  assert.equal((await pullSetting(t.db, tenant))?.failingSince, null);
  routes.set('/broken.zip', (response) => response.writeHead(503).end());
  await t.db.query(`UPDATE poliris_pulls SET etag = NULL WHERE agency_id = $1`, [agency.agencyId]);
  assert.equal((await pullOnce(deps(), tenant))?.mailed, true, 'a new streak is told again');
  assert.equal((await mailsTo(agency.email)).length, 2);
});

test(`[${databaseKind}] a file the importer refuses whole is a failure (mailed), and its validators are not kept`, async () => {
  const { agency, tenant } = await agencyPulling('/agence.zip');
  answer = 'refused';
  try {
    const refused = await pullOnce(deps(), tenant);
    assert.deepEqual([refused?.result, refused?.mailed, refused?.detail], ['refused', true, 'Le fichier ne contient pas Annonces.csv.']);
    assert.equal((await pullSetting(t.db, tenant))?.etag, null);
    assert.equal((await mailsTo(agency.email)).length, 1);
  } finally {
    answer = 'imported';
  }
});

test(`[${databaseKind}] a redirect to a private address, by literal or by name, is refused without a connection; so are a file too large and a silent server`, async () => {
  const before = calls.length;
  for (const [path, rule] of [
    [
      '/to-literal',
      /Redirection refusée vers http:\/\/10\.0\.0\.5\/agence\.zip : Cette adresse désigne une machine locale ou un réseau privé/,
    ],
    ['/to-name', /réseau privé.*intranet\.test resolves to 10\.0\.0\.5/],
    ['/silent.zip', /Le fichier n’a pas pu être téléchargé|minutes permises/],
  ] as const) {
    const { tenant } = await agencyPulling(path);
    const pulled = await pullOnce(deps(), tenant);
    assert.equal(pulled?.result, 'failed', path);
    assert.match(pulled!.detail!, rule, path);
  }
  const { tenant } = await agencyPulling('/big.zip');
  const big = await pullOnce({ ...deps(), maxBytes: 1024 }, tenant);
  assert.match(big!.detail!, /Le fichier dépasse/);
  assert.equal(calls.length, before, 'nothing reached the importer');
});

test(`[${databaseKind}] HTTPS is required on LIVE: the form refuses http://, and a pull of one does not connect`, async () => {
  const agency = await signUpAgency(t);
  const live: AgencyEnv = { agencyId: agency.agencyId, env: 'live' };
  const refused = await setPullUrl(t.db, live, url('/agence.zip'), { allowPrivate: false }, new Date());
  assert.equal(refused.ok, false);
  assert.match(!refused.ok ? refused.detail : '', /Une adresse LIVE doit utiliser https:\/\//);
  for (const bad of ['ftp://passerelle.test/a.zip', 'https://127.0.0.1/a.zip', 'https://user:pw@passerelle.test/a.zip', 'pas une adresse'])
    assert.equal((await setPullUrl(t.db, live, bad, { allowPrivate: false }, new Date())).ok, false, bad);
  // Set while private addresses were allowed (development), pulled once they are not.
  assert.equal((await setPullUrl(t.db, live, url('/agence.zip'), { allowPrivate: true }, new Date())).ok, true);
  const count = seen.length;
  const pulled = await pullOnce(deps(), live);
  assert.equal(pulled?.result, 'failed');
  assert.match(pulled!.detail!, /Une adresse LIVE doit utiliser https:\/\//);
  assert.equal(seen.length, count, 'no request was made');
});

test(`[${databaseKind}] the sweep hands each due pull out once, as a job of the queue, and moves it a period on; the job pulls`, async () => {
  const { agency, tenant } = await agencyPulling('/agence.zip');
  await t.db.query(`UPDATE poliris_pulls SET next_pull_at = now() - interval '1 minute' WHERE agency_id = $1`, [agency.agencyId]);
  const started = Date.now();
  assert.ok((await enqueueDuePulls(deps())) >= 1);
  const { rows } = await t.db.query<{ payload: AgencyEnv }>(`SELECT payload FROM jobs WHERE name = $1 AND singleton_key = $2`, [
    PULL_JOB,
    `${tenant.agencyId}/test`,
  ]);
  assert.deepEqual(rows[0]?.payload, tenant);
  await t.db.query(`DELETE FROM jobs WHERE name = $1 AND singleton_key = $2`, [PULL_JOB, `${tenant.agencyId}/test`]);
  const next = (await pullSetting(t.db, tenant))!.nextPullAt.getTime();
  assert.ok(next >= started + PULL_EVERY_MS - 1_000, 'moved a period on');
  await enqueueDuePulls(deps());
  const again = await t.db.query(`SELECT 1 FROM jobs WHERE name = $1 AND singleton_key = $2`, [PULL_JOB, `${tenant.agencyId}/test`]);
  assert.equal(again.rowCount, 0, 'not handed out twice');
  calls.length = 0;
  await pullJobHandler(deps())(tenant, { id: 0, attempt: 1, signal: new AbortController().signal });
  assert.equal(calls.length, 1);
  assert.equal((await pullSetting(t.db, tenant))?.lastResult, 'imported');
});

test(`[${databaseKind}] end to end with the real importer: a pulled file's report is kept`, async () => {
  const { tenant } = await agencyPulling('/agence.zip');
  const pulled = await pullOnce({ ...deps(), importer: undefined }, tenant);
  // ZIP is no passerelle: refused whole, with a report kept and listed for the pro space.
  assert.equal(pulled?.result, 'refused');
  const { listImports } = (await import('../../../src/domain/poliris/import.js')) as unknown as {
    listImports: (db: unknown, tenant: AgencyEnv, limit: number) => Promise<Array<{ origin: string; outcome: string }>>;
  };
  const [kept] = await listImports(t.db, tenant, 5);
  assert.deepEqual([kept?.origin, kept?.outcome], ['pull', 'refused']);
});
