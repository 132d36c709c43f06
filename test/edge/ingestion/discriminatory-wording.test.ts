import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { page } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';

/**
 * Discriminatory wording waits for an operator in every transaction: a seller may no more pick
 * a buyer than a landlord a tenant (code pénal, art. 225-1 and 225-2). A sale saying
 * « étrangers s'abstenir » used to be published at once.
 */
const { t, agency } = useTestApp();

test(`[${databaseKind}] a sale or a life annuity with discriminatory wording is held for review and is not on the site`, async () => {
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [
      ingestItem('DW-SALE', { description: 'Bel appartement traversant. Étrangers s’abstenir.' }),
      ingestItem('DW-CLEAN', { description: 'Bel appartement traversant, proche du métro.' }),
    ],
  });
  assert.equal(pushed.statusCode, 200, pushed.body);
  const [held, clean] = pushed.json().results;
  assert.equal(held.moderation.state, 'pending', JSON.stringify(held));
  assert.deepEqual(
    held.moderation.reasons.map((r: { code: string }) => r.code),
    ['discriminatory_wording'],
  );
  assert.equal(clean.moderation.state, 'approved', 'the same sale without the phrase is public at once');

  const read = (await t.call('GET', '/ingest/listingByExternalId?externalId=DW-SALE', agency.live)).json();
  const reason = read.moderation.reasons.find((r: { code: string }) => r.code === 'discriminatory_wording');
  assert.ok(reason.messageFr.includes('« Étrangers s’abstenir »'), reason.messageFr);
  assert.equal((await page(t, `/listings/${held.serviceId}`)).statusCode, 404, 'not on the site while it waits');
  assert.equal((await page(t, `/listings/${clean.serviceId}`)).statusCode, 200);

  const annuity = await t.call(
    'POST',
    '/v1/listings',
    agency.live,
    v1Body('DW-VIAGER', { type: 'life_annuity_sale', description: 'Viager occupé. Pas d’enfants.' }),
  );
  assert.ok([200, 201].includes(annuity.statusCode), annuity.body);
  assert.equal(annuity.json().moderation.state, 'pending', annuity.body);
});
