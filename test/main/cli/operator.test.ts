import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, ADMIN_TOKEN, type TestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { runCli } from '../../../src/main/cli/main.js';
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port that nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let t: TestApp;
let url: string;

before(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

const cli = (...args: string[]) => cliAt(url, ...args);

async function cliAt(serviceUrl: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    args,
    { LISTING_SYNC_URL: serviceUrl, ADMIN_TOKEN },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test(`[${databaseKind}] operator API: an unverified agency gets a TEST key only; verification issues the first LIVE key`, async () => {
  const created = await t.admin('POST', '/agencies', {
    name: 'Immo Lyon',
    plan: 'solo',
    email: 'contact@immo-lyon.example',
    siren: '732 829 320',
  });
  assert.equal(created.statusCode, 201);
  const body = created.json();
  assert.match(body.agencyId, /^agc_/);
  assert.match(body.keys.test, /^svc_pk_TEST_[A-Za-z0-9]{40}$/);
  assert.equal(body.keys.live, null);
  assert.equal(body.agency.siren, '732829320');
  const refused = await t.admin('POST', `/agencies/${body.agencyId}/keys`, { env: 'live' });
  assert.equal(refused.statusCode, 403);
  const verified = (await t.admin('POST', `/agencies/${body.agencyId}/verify`)).json();
  assert.match(verified.liveKey, /^svc_pk_LIVE_/);
  assert.equal((await t.call('GET', '/v1/me', verified.liveKey)).statusCode, 200);
  assert.equal((await t.admin('POST', `/agencies/${body.agencyId}/verify`)).json().liveKey, null, 'a second verification issues nothing');
});

test(`[${databaseKind}] operator API: a verified agency gets both keys; bad input is a 400 naming the field`, async () => {
  const created = (await t.admin('POST', '/agencies', { name: 'Réseau Sud', plan: 'reseau', verified: true })).json();
  assert.match(created.keys.live, /^svc_pk_LIVE_/);
  assert.match(created.keys.test, /^svc_pk_TEST_/);
  const badSiren = await t.admin('POST', '/agencies', { name: 'X', plan: 'solo', siren: '123456789' });
  assert.equal(badSiren.statusCode, 400);
  assert.equal(badSiren.json().errors[0].field, 'siren');
  const badPlan = await t.admin('POST', '/agencies', { name: 'X', plan: 'gold' });
  assert.equal(badPlan.statusCode, 400);
  assert.equal(badPlan.json().errors[0].field, 'plan');
  const unknown = await t.admin('POST', '/agencies', { name: 'X', plan: 'solo', colour: 'red' });
  assert.equal(unknown.statusCode, 400);
  assert.equal(unknown.json().errors[0].field, 'colour');
});

test(`[${databaseKind}] operator API needs the admin token`, async () => {
  assert.equal((await t.call('GET', '/admin/api/agencies', null)).statusCode, 401);
  assert.equal((await t.call('GET', '/admin/api/agencies', 'wrong-token-0123456789')).statusCode, 401);
  const agency = await t.agency();
  assert.equal((await t.call('GET', '/admin/api/agencies', agency.live)).statusCode, 401, 'an agency key is not an admin token');
});

test(`[${databaseKind}] operator API is off without ADMIN_TOKEN`, async () => {
  const off = await createTestApp({ db: t.db, env: { ADMIN_TOKEN: '' } });
  try {
    const response = await off.app.inject({
      method: 'POST',
      url: '/admin/api/agencies',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {},
    });
    assert.equal(response.statusCode, 404);
  } finally {
    await off.close();
  }
});

test(`[${databaseKind}] CLI: agency create, verify, key create, list and revoke, with --json shapes as docs/decisions.md §10`, async () => {
  const created = await cli('agency', 'create', '--name', 'Agence CLI', '--plan', 'agence', '--json');
  assert.equal(created.code, 0, created.err);
  const agency = JSON.parse(created.out);
  assert.deepEqual(Object.keys(agency).sort(), ['agencyId', 'keys']);
  assert.deepEqual(Object.keys(agency.keys).sort(), ['live', 'test']);
  assert.equal(agency.keys.live, null);

  const verified = await cli('agency', 'verify', agency.agencyId);
  assert.equal(verified.code, 0);
  assert.match(verified.out, /verified\. LIVE key, shown this once:\n {2}svc_pk_LIVE_/);

  const key = await cli(
    'key',
    'create',
    '--agency',
    agency.agencyId,
    '--env',
    'test',
    '--name',
    'CRM nightly',
    '--scopes',
    'listings:read,listings:write',
    '--json',
  );
  assert.equal(key.code, 0, key.err);
  const keyBody = JSON.parse(key.out);
  assert.match(keyBody.keyId, /^key_/);
  assert.match(keyBody.key, /^svc_pk_TEST_/);
  assert.deepEqual(keyBody.scopes, ['listings:read', 'listings:write']);

  const list = await cli('key', 'list', '--agency', agency.agencyId, '--json');
  const keys = JSON.parse(list.out).keys;
  assert.equal(keys.length, 3);
  const listed = keys.find((k: { keyId: string }) => k.keyId === keyBody.keyId);
  assert.equal(listed.display, keyBody.key.slice(0, 16) + '…');
  assert.ok(!list.out.includes(keyBody.key), 'a listing never shows a full key');
  const human = await cli('key', 'list', '--agency', agency.agencyId);
  assert.match(human.out, /CRM nightly/);
  assert.match(human.out, /never/);

  assert.equal((await t.call('GET', '/sandbox/v1/me', keyBody.key)).statusCode, 200);
  const revoked = await cli('key', 'revoke', keyBody.keyId);
  assert.equal(revoked.code, 0);
  assert.match(revoked.out, /revoked/);
  assert.equal((await t.call('GET', '/sandbox/v1/me', keyBody.key)).statusCode, 401);
});

test(`[${databaseKind}] CLI: clear errors for bad usage, bad input and a missing token`, async () => {
  const usage = await cli('key', 'create');
  assert.equal(usage.code, 2);
  assert.match(usage.err, /missing --agency/);
  const badPlan = await cli('agency', 'create', '--name', 'X', '--plan', 'gold');
  assert.equal(badPlan.code, 1);
  assert.match(badPlan.err, /Error 400/);
  const noToken = await runCli(
    ['key', 'list', '--agency', 'x'],
    { LISTING_SYNC_URL: url },
    () => {},
    () => {},
  );
  assert.equal(noToken, 2);
  const help = await cli('--help');
  assert.equal(help.code, 0);
  assert.match(help.out, /listing-sync key revoke/);
});

test(`[${databaseKind}] CLI: agency list finds an agency by part of its name; agency show gives its keys and how to make one`, async () => {
  const created = (await t.admin('POST', '/agencies', { name: 'Demo agency of the CLI test', plan: 'agence', verified: true })).json();
  const found = await cli('agency', 'list', '--name', 'DEMO AGENCY of the cli');
  assert.equal(found.code, 0, found.err);
  assert.match(found.out, new RegExp(`^${created.agencyId}\\s+Demo agency of the CLI test\\s+agence\\s+verified`, 'm'));
  const listed = JSON.parse((await cli('agency', 'list', '--name', 'of the CLI test', '--json')).out);
  assert.deepEqual(
    listed.agencies.map((a: { agencyId: string }) => a.agencyId),
    [created.agencyId],
  );
  assert.match((await cli('agency', 'list', '--name', 'no such agency anywhere')).out, /No agency whose name contains/);

  const shown = await cli('agency', 'show', created.agencyId);
  assert.equal(shown.code, 0, shown.err);
  assert.match(shown.out, /plan\s+agence/);
  assert.match(shown.out, /svc_pk_LIVE_\w{4}…\s+live/);
  assert.ok(!shown.out.includes(created.keys.live), 'a full key is never shown again');
  assert.match(shown.out, new RegExp(`A new key: listing-sync key create --agency ${created.agencyId} --env live`));
  const missing = await cli('agency', 'show', 'agc_missing');
  assert.equal(missing.code, 1);
  assert.match(missing.err, /Error 404: Agency agc_missing not found/);
});

test(`[${databaseKind}] CLI: an unreachable server is named with its URL; a wrong token is told apart from a missing one`, async () => {
  const err: string[] = [];
  const closedUrl = `http://127.0.0.1:${await closedPort()}`;
  const unreachable = await runCli(
    ['agency', 'list'],
    { LISTING_SYNC_URL: closedUrl, ADMIN_TOKEN },
    () => {},
    (l) => err.push(l),
  );
  assert.equal(unreachable, 1);
  assert.equal(
    err.join('\n'),
    `Cannot reach the listing-sync server at ${closedUrl} (ECONNREFUSED). Is it running? LISTING_SYNC_URL says where it is (default http://127.0.0.1:8080).`,
  );

  const wrong: string[] = [];
  const wrongToken = await runCli(
    ['agency', 'list'],
    { LISTING_SYNC_URL: url, ADMIN_TOKEN: 'not-the-admin-token-000' },
    () => {},
    (l) => wrong.push(l),
  );
  assert.equal(wrongToken, 1);
  assert.match(wrong.join('\n'), /Error 401: The bearer token is not this server's ADMIN_TOKEN/);
  assert.match(wrong.join('\n'), new RegExp(`ADMIN_TOKEN must be the value the server at ${url} was started with`));
  const noHeader = await t.call('GET', '/admin/api/agencies', null);
  assert.match(noHeader.json().detail, /needs "Authorization: Bearer <ADMIN_TOKEN>"/);

  const missing: string[] = [];
  assert.equal(
    await runCli(
      ['agency', 'list'],
      { LISTING_SYNC_URL: url },
      () => {},
      (l) => missing.push(l),
    ),
    2,
  );
  assert.match(missing.join('\n'), /ADMIN_TOKEN is not set/);

  const off = await createTestApp({ db: t.db, env: { ADMIN_TOKEN: '' } });
  try {
    const offUrl = await off.app.listen({ port: 0, host: '127.0.0.1' });
    const offErr: string[] = [];
    assert.equal(
      await runCli(
        ['agency', 'list'],
        { LISTING_SYNC_URL: offUrl, ADMIN_TOKEN },
        () => {},
        (l) => offErr.push(l),
      ),
      1,
    );
    assert.match(offErr.join('\n'), /has its operator API off: start it with ADMIN_TOKEN set/);
  } finally {
    await off.close();
  }
});

test(`[${databaseKind}] CLI moderation queue, approve and reject decide the version the operator saw`, async () => {
  const own = await t.agency();
  const pushed = await t.call('POST', '/ingest/ingestListings', own.live, {
    listings: [
      {
        externalId: 'CLI-M1',
        title: 'T2 sans DPE',
        transaction: 'VENTE',
        type: 'APPARTEMENT',
        price: 210000,
        surface: 41,
        rooms: 2,
        city: 'Lyon',
        postcode: '69004',
      },
      {
        externalId: 'CLI-M2',
        title: 'T3 sans DPE',
        transaction: 'VENTE',
        type: 'APPARTEMENT',
        price: 330000,
        surface: 70,
        rooms: 3,
        city: 'Lyon',
        postcode: '69005',
      },
    ],
  });
  const [first, second] = pushed.json().results.map((r: { serviceId: string }) => r.serviceId);
  const queue = await cli('moderation', 'queue', '--limit', '200');
  assert.equal(queue.code, 0, queue.err);
  assert.match(queue.out, /waiting, oldest first/);
  const json = JSON.parse((await cli('moderation', 'queue', '--limit', '200', '--json')).out);
  assert.ok(json.total >= 2);

  for (const [flag, value, args] of [
    ['--limit', 'abc', ['moderation', 'queue']],
    ['--limit', '0', ['agency', 'verifications']],
    ['--version', '1.5', ['moderation', 'approve', first]],
  ] as const) {
    const refused = await cli(...args, flag, value);
    assert.equal(refused.code, 2, `${flag} ${value} is a usage error, not ignored: ${refused.out}`);
    assert.match(refused.err, new RegExp(`${flag} must be a whole number from 1`));
  }

  const missingVersion = await cli('moderation', 'approve', first);
  assert.equal(missingVersion.code, 2, 'the version reviewed is required');
  assert.match(missingVersion.err, /--version/);
  const approved = await cli('moderation', 'approve', first, '--version', '1');
  assert.equal(approved.code, 0, approved.err);
  assert.match(approved.out, /approved: it is public/);
  const stale = await cli('moderation', 'reject', second, '--version', '2', '--reason', 'Photos floues');
  assert.equal(stale.code, 1);
  assert.match(stale.err, /Error 409/);
  const rejected = await cli('moderation', 'reject', second, '--version', '1', '--reason', 'Photos floues');
  assert.equal(rejected.code, 0, rejected.err);
  const record = (await t.call('GET', `/v1/listings/${second}`, own.live)).json();
  assert.equal(record.status, 'rejected');
});

test(`[${databaseKind}] CLI: operators are created with a password shown once (or read from stdin), listed and disabled`, async () => {
  const email = `cli-ops-${Math.random().toString(36).slice(2, 8)}@listing-sync.example`;
  const created = await cli('operator', 'create', '--email', email);
  assert.equal(created.code, 0, created.err);
  const password = /shown this once:\n {2}(\S+)/.exec(created.out)?.[1];
  assert.ok(password && password.length >= 20, created.out);
  const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE email = $1', [email]);
  assert.ok(rows[0] && !rows[0].password_hash.includes(password), 'only a hash is stored');

  const piped: string[] = [];
  const fromStdin = await runCli(
    ['operator', 'create', '--email', `piped-${email}`, '--password-stdin'],
    { LISTING_SYNC_URL: url, ADMIN_TOKEN },
    (l) => piped.push(l),
    (l) => piped.push(l),
    undefined,
    async () => 'a password from a vault\n',
  );
  assert.equal(fromStdin, 0, piped.join('\n'));
  assert.ok(!piped.join('\n').includes('vault'), 'a piped password is never echoed');
  const weak = await runCli(
    ['operator', 'create', '--email', `weak-${email}`, '--password-stdin'],
    { LISTING_SYNC_URL: url, ADMIN_TOKEN },
    () => {},
    () => {},
    undefined,
    async () => 'short',
  );
  assert.equal(weak, 1);

  const listed = await cli('operator', 'list');
  assert.match(listed.out, new RegExp(email.replace(/[.]/g, '\\.')));
  const disabled = await cli('operator', 'disable', email);
  assert.equal(disabled.code, 0, disabled.err);
  assert.match(disabled.out, /disabled/);
  assert.equal((await cli('operator', 'disable', 'nobody@nowhere.example')).code, 1);
});

test(`[${databaseKind}] CLI: the verification queue, a refusal, and a suspension lifted again`, async () => {
  const waiting = (await t.admin('POST', '/agencies', { name: 'Immo Attente', plan: 'solo', siren: '732829320' })).json();
  const newer = (await t.admin('POST', '/agencies', { name: 'Immo Attente Bis', plan: 'solo', siren: '732829320' })).json();
  // The queue is read oldest first, 500 at most, and other files' agencies wait in it too on a
  // shared database: these two move ten years back to head it, read by a server of that date.
  await t.db.query(`UPDATE agencies SET created_at = created_at - interval '3650 days' WHERE id = ANY($1::text[])`, [
    [waiting.agencyId, newer.agencyId],
  ]);
  const past = await createTestApp({ db: t.db, now: () => new Date(Date.now() - 3650 * 86_400_000) });
  let queue: Awaited<ReturnType<typeof cli>>;
  try {
    queue = await cliAt(await past.app.listen({ port: 0, host: '127.0.0.1' }), 'agency', 'verifications', '--limit', '500');
  } finally {
    await past.close();
  }
  assert.equal(queue.code, 0, queue.err);
  const first = await cli('agency', 'verifications', '--limit', '1');
  const total = Number(/^(\d+) awaiting/.exec(first.out)?.[1]);
  assert.ok(total >= 2, first.out);
  assert.equal(first.out.split('\n').filter((line) => line.startsWith('agc_')).length, 1, first.out);
  assert.match(first.out, new RegExp(`… and ${total - 1} more, newer \\(--limit up to 500 shows more\\)\\.$`), 'a cut list says so');
  assert.equal((await cli('agency', 'refuse', newer.agencyId, '--reason', 'Doublon')).code, 0);
  assert.match(queue.out, new RegExp(`${waiting.agencyId}\\s+Immo Attente.*SIREN 732829320 \\(valid\\)\\s+4[78] h \\d+ min left`));
  assert.equal((await cli('agency', 'refuse', waiting.agencyId)).code, 2, 'a refusal needs its reason');
  const refused = await cli('agency', 'refuse', waiting.agencyId, '--reason', 'Kbis illisible');
  assert.equal(refused.code, 0, refused.err);
  assert.ok(!(await cli('agency', 'verifications')).out.includes(waiting.agencyId));

  const active = (await t.admin('POST', '/agencies', { name: 'Immo Active', plan: 'solo', verified: true })).json();
  const suspended = await cli('agency', 'suspend', active.agencyId, '--reason', 'Impayés');
  assert.equal(suspended.code, 0, suspended.err);
  assert.equal((await t.call('GET', '/v1/me', active.keys.live)).statusCode, 403);
  assert.equal((await cli('agency', 'reinstate', active.agencyId)).code, 0);
  assert.equal((await t.call('GET', '/v1/me', active.keys.live)).statusCode, 200);
});
