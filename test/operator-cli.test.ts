import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, ADMIN_TOKEN, type TestApp } from './helpers/app.js';
import { databaseKind } from './helpers/database.js';
import { runCli } from '../src/cli/main.js';

let t: TestApp;
let url: string;

before(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { LISTING_SYNC_URL: url, ADMIN_TOKEN }, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test(`[${databaseKind}] operator API: an unverified agency gets a TEST key only; verification issues the first LIVE key`, async () => {
  const created = await t.admin('POST', '/agencies', { name: 'Immo Lyon', plan: 'solo', email: 'contact@immo-lyon.example', siren: '732 829 320' });
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
    const response = await off.app.inject({ method: 'POST', url: '/admin/api/agencies', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: {} });
    assert.equal(response.statusCode, 404);
  } finally {
    await off.close();
  }
});

test(`[${databaseKind}] CLI: agency create, verify, key create, list and revoke, with --json shapes as DECISIONS §10`, async () => {
  const created = await cli('agency', 'create', '--name', 'Agence CLI', '--plan', 'agence', '--json');
  assert.equal(created.code, 0, created.err);
  const agency = JSON.parse(created.out);
  assert.deepEqual(Object.keys(agency).sort(), ['agencyId', 'keys']);
  assert.deepEqual(Object.keys(agency.keys).sort(), ['live', 'test']);
  assert.equal(agency.keys.live, null);

  const verified = await cli('agency', 'verify', agency.agencyId);
  assert.equal(verified.code, 0);
  assert.match(verified.out, /verified\. LIVE key, shown this once:\n {2}svc_pk_LIVE_/);

  const key = await cli('key', 'create', '--agency', agency.agencyId, '--env', 'test', '--name', 'CRM nightly', '--scopes', 'listings:read,listings:write', '--json');
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
  const noToken = await runCli(['key', 'list', '--agency', 'x'], { LISTING_SYNC_URL: url }, () => {}, () => {});
  assert.equal(noToken, 2);
  const help = await cli('--help');
  assert.equal(help.code, 0);
  assert.match(help.out, /listing-sync key revoke/);
});
