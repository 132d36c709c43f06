import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency } from '../../helpers/pro.js';
import { text } from '../../helpers/page-text.js';

/**
 * docs/decisions.md §3: LIVE keys belong to a verified agency that is not suspended, whichever
 * door asks for one (operator API, pro space); TEST keys stay available to try the sandbox.
 */
const { t } = useTestApp();

const assertForbidden = (response: LightMyRequestResponse, detail: RegExp) => {
  assert.equal(response.statusCode, 403, response.body);
  assert.match(response.headers['content-type'] as string, /^application\/problem\+json/);
  assert.equal(response.json().code, 'forbidden');
  assert.match(response.json().detail, detail);
};

test(`[${databaseKind}] the operator API issues no LIVE key to a suspended agency, TEST keys still, LIVE again once reinstated`, async () => {
  const agency = await t.agency({ name: 'Agence suspendue (clés)' });
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);

  assertForbidden(await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live', name: 'pendant la suspension' }), /suspended/);
  const liveKeys = (await t.admin('GET', `/agencies/${agency.agencyId}/keys`)).json().keys.filter((k: { env: string }) => k.env === 'live');
  assert.equal(liveKeys.length, 1, 'only the LIVE key issued before the suspension');
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'test' })).statusCode, 201);

  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/reinstate`)).statusCode, 200);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live' })).statusCode, 201);
});

test(`[${databaseKind}] the operator API issues no LIVE key to an unverified agency, TEST keys still`, async () => {
  const agency = await t.agency({ name: 'Agence non vérifiée (clés)', verified: false });
  assert.equal(agency.live, null, 'no LIVE key at creation either');
  assertForbidden(await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live' }), /verified/);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'test' })).statusCode, 201);
});

test(`[${databaseKind}] the pro space refuses a LIVE key to an unverified and to a suspended agency, TEST keys still`, async () => {
  const pro = await signUpAgency(t);
  const unverified = await pro.browser.post('/pro/api-keys', { name: 'trop tôt', env: 'live' });
  assert.equal(unverified.statusCode, 403);
  assert.match(text(unverified.body), /SIREN de l’agence vérifié/);

  assert.equal((await t.admin('POST', `/agencies/${pro.agencyId}/verify`)).statusCode, 200);
  assert.equal((await t.admin('POST', `/agencies/${pro.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);
  const keysPage = await pro.browser.get('/pro/api-keys');
  assert.doesNotMatch(keysPage.body, /<option value="live">/, 'a suspended agency is not offered LIVE keys');
  const suspended = await pro.browser.post('/pro/api-keys', { name: 'pendant la suspension', env: 'live' });
  assert.equal(suspended.statusCode, 403);
  assert.match(text(suspended.body), /suspendue/);
  assert.equal((await pro.browser.post('/pro/api-keys', { name: 'essai', env: 'test' })).statusCode, 201);

  assert.equal((await t.admin('POST', `/agencies/${pro.agencyId}/reinstate`)).statusCode, 200);
  assert.equal((await pro.browser.post('/pro/api-keys', { name: 'Production', env: 'live' })).statusCode, 201);
});
