import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency } from '../../helpers/pro.js';
import { signIn } from '../../helpers/back-office.js';
import { tableRows, text } from '../../helpers/page-text.js';
import { v1Body } from '../../helpers/v1.js';

/**
 * An agency's first week in the pro space, as it reads it: its SIREN verified from the
 * back-office, the pages say where its LIVE key comes from (none is issued unseen); scopes and
 * moderation reasons in words, each listing's own status in the words of its transaction.
 */
const { t } = useTestApp();

test(`[${databaseKind}] verified from the back-office, an agency gets no unseen LIVE key: the dashboard and key page say where to generate one`, async () => {
  const agency = await signUpAgency(t);
  const operator = await signIn(t);
  assert.equal((await operator.post(`/admin/agencies/${agency.agencyId}/verify`)).statusCode, 303);
  const liveKeys = async () =>
    (await t.db.query('SELECT id FROM api_keys WHERE agency_id = $1 AND env = $2', [agency.agencyId, 'live'])).rows.length;
  assert.equal(await liveKeys(), 0, 'no LIVE key whose value nobody sees');

  const dashboard = await agency.browser.get('/pro');
  assert.match(
    dashboard.body,
    /SIREN vérifié : vous pouvez créer des clés LIVE\. <a href="\/pro\/api-keys#nouvelle-cle">Générez une clé LIVE ici<\/a>/,
  );
  const keys = await agency.browser.get('/pro/api-keys');
  assert.match(keys.body, /vous n’avez pas encore de clé LIVE\. <a href="#nouvelle-cle">Générez une clé LIVE ici<\/a>/);
  assert.match(keys.body, /<h2 id="nouvelle-cle">Nouvelle clé<\/h2>/);
  assert.match(keys.body, /<option value="live">LIVE<\/option>/);

  // Scopes are offered in words; their codes stay the form's values only.
  const shown = text(keys.body);
  for (const words of [
    'Lire les annonces',
    'Publier et modifier les annonces',
    'Supprimer les annonces',
    'Gérer les webhooks',
    'Lire les contacts et leurs messages',
    'Répondre aux contacts et les classer',
  ])
    assert.ok(shown.includes(words), words);
  assert.doesNotMatch(shown, /listings:read|listings:write|listings:delete|webhooks:manage|leads:read|leads:write/);

  const created = await agency.browser.post('/pro/api-keys', { name: 'Production', env: 'live' });
  assert.equal(created.statusCode, 201);
  assert.equal(await liveKeys(), 1);
  assert.doesNotMatch((await agency.browser.get('/pro/api-keys')).body, /Générez une clé LIVE ici/, 'said while there is none');
  const after = await agency.browser.get('/pro');
  assert.doesNotMatch(after.body, /Générez une clé LIVE ici/, 'the dashboard no longer invites to make one');
  assert.match(text(after.body), /SIREN vérifié\. Une clé LIVE est active : voir les clés et leur usage Formule/);
});

test(`[${databaseKind}] the listings table gives each row its own status in the words of its transaction, and reasons in words`, async () => {
  const agency = await signUpAgency(t);
  await t.admin('POST', `/agencies/${agency.agencyId}/verify`);
  const live = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live' })).json().key as string;
  const rent = { type: 'rental', price: 950, charges: 80, fees: null };
  const push = async (externalId: string, overrides: Record<string, unknown>) => {
    const response = await t.call('POST', '/v1/listings', live, v1Body(externalId, { title: `Bien ${externalId}`, ...overrides }));
    assert.equal(response.statusCode, 201, response.body);
    return response.json().serviceId as string;
  };
  await push('FW-SALE', {});
  await push('FW-RENT', rent);
  const rented = await push('FW-RENTED', rent);
  await push('FW-VIAGER', { type: 'life_annuity_sale', price: 150000 });
  await push('FW-NODPE', { dpe: null, ges: null });
  assert.equal((await t.call('PATCH', `/v1/listings/${rented}/status`, live, { status: 'rented' })).statusCode, 200);

  const page = await agency.browser.get('/pro/listings');
  const statusOf = new Map(tableRows(page.body, 'Annonces de l’agence').map((row) => [row[0]!.split(' ')[1], row[2]]));
  assert.deepEqual(Object.fromEntries(statusOf), {
    'FW-SALE': 'en vente',
    'FW-RENT': 'à louer',
    'FW-RENTED': 'loué',
    'FW-VIAGER': 'en viager',
    'FW-NODPE': 'en vente',
  });
  assert.match(page.body, /class="badge" title="[^"]+">DPE manquant</);
  assert.doesNotMatch(text(page.body), /dpe_missing|en vente \/ à louer/);
});
