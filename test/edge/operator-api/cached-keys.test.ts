import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { databaseKind, onPostgres, openTestDatabase } from '../../helpers/database.js';
import { keyIdNamed, signUpAgency } from '../../helpers/pro.js';
import { signIn } from '../../helpers/back-office.js';

/**
 * Keys are cached with what they carry (revocation, the agency's plan, suspension, verification).
 * Each capability that changes one of those drops cached keys itself (src/domain/keys/key-cache.ts):
 * whichever door made the change, the very next call sees it. Every case first calls twice so
 * that the key is cached.
 */
const { t } = useTestApp();

const me = (key: string, sandbox = false) => t.call('GET', `${sandbox ? '/sandbox' : ''}/v1/me`, key);
const cached = async (key: string, sandbox = false) => {
  assert.equal((await me(key, sandbox)).statusCode, 200);
  assert.equal((await me(key, sandbox)).statusCode, 200);
};

test(`[${databaseKind}] suspending through the operator API refuses the agency's keys on the next call; reinstating accepts them on the next`, async () => {
  const agency = await t.agency({ name: 'Suspendue (cache)' });
  await cached(agency.live);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);
  const refused = await me(agency.live);
  assert.equal(refused.statusCode, 403);
  assert.match(refused.json().detail, /suspended/);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/reinstate`)).statusCode, 200);
  assert.equal((await me(agency.live)).statusCode, 200);
});

test(`[${databaseKind}] suspending through the back-office refuses the agency's keys on the next call`, async () => {
  const agency = await t.agency({ name: 'Suspendue au back-office (cache)' });
  await cached(agency.live);
  const browser = await signIn(t);
  assert.equal((await browser.post(`/admin/agencies/${agency.agencyId}/suspend`, { reason: 'Impayés' })).statusCode, 303);
  assert.equal((await me(agency.live)).statusCode, 403);
  assert.equal((await browser.post(`/admin/agencies/${agency.agencyId}/reinstate`)).statusCode, 303);
  assert.equal((await me(agency.live)).statusCode, 200);
});

test(`[${databaseKind}] a plan change applies from the next call`, async () => {
  const agency = await t.agency({ name: 'Plan (cache)', plan: 'solo' });
  await cached(agency.live);
  assert.equal((await t.admin('PUT', `/agencies/${agency.agencyId}/plan`, { plan: 'reseau' })).statusCode, 200);
  assert.equal((await me(agency.live)).json().agency.plan, 'reseau');
});

test(`[${databaseKind}] a verification shows on the next call of the agency's TEST key`, async () => {
  const agency = await t.agency({ name: 'Vérifiée (cache)', verified: false });
  await cached(agency.test, true);
  assert.equal((await me(agency.test, true)).json().agency.verified, false);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/verify`)).statusCode, 200);
  assert.equal((await me(agency.test, true)).json().agency.verified, true);
});

test(`[${databaseKind}] a key revoked in the pro space is refused on the next call`, async () => {
  const pro = await signUpAgency(t);
  await cached(pro.testKey, true);
  const keyId = await keyIdNamed(t, pro.agencyId, 'Clé de test');
  assert.equal((await pro.browser.post(`/pro/api-keys/${keyId}/revoke`)).statusCode, 303);
  assert.equal((await me(pro.testKey, true)).statusCode, 401);
});

test(`[${databaseKind}] a key revoked in the back-office is refused on the next call`, async () => {
  const agency = await t.agency({ name: 'Révoquée au back-office (cache)' });
  await cached(agency.live);
  const { keyId } = (await me(agency.live)).json().key;
  const browser = await signIn(t);
  assert.equal((await browser.post(`/admin/keys/${keyId}/revoke`)).statusCode, 303);
  assert.equal((await me(agency.live)).statusCode, 401);
});

test(`[${databaseKind}] a suspension reaches a second server process sharing the database within one second`, async () => {
  const secondDb = onPostgres ? await openTestDatabase() : t.db;
  const second = await createTestApp({ db: secondDb });
  try {
    const agency = await t.agency({ name: 'Suspendue ailleurs (cache)' });
    assert.equal((await second.call('GET', '/v1/me', agency.live)).statusCode, 200);
    assert.equal((await second.call('GET', '/v1/me', agency.live)).statusCode, 200); // cached in the second process
    await t.admin('POST', `/agencies/${agency.agencyId}/suspend`, { reason: 'Contrôle' });
    const started = Date.now();
    let status = 200;
    while (Date.now() - started < 1000) {
      status = (await second.call('GET', '/v1/me', agency.live)).statusCode;
      if (status === 403) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(status, 403, "the second process still accepted the suspended agency's key after one second");
  } finally {
    await second.close();
    if (onPostgres) await secondDb.close();
  }
});
