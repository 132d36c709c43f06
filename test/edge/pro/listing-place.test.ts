import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency } from '../../helpers/pro.js';
import { text } from '../../helpers/page-text.js';
import { v1Body } from '../../helpers/v1.js';

// The pro space's listing page shows where the listing is, and the place's remark in French
// (docs/geography.md), for the content it shows.
const { t } = useTestApp();

/** The page's « Lieu » section, as text. */
const placeOf = (html: string) =>
  text(/<section aria-labelledby="lieu">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? assert.fail('no place section'));

test(`[${databaseKind}] the listing page shows the place, and the mismatch of the content it shows`, async () => {
  const agency = await signUpAgency(t);
  const live = (await t.admin('POST', `/agencies/${agency.agencyId}/verify`)).json().liveKey as string;
  const write = async (externalId: string, city: string, postcode: string, surface: number) =>
    (await t.call('POST', '/v1/listings', live, v1Body(externalId, { city, postcode, surface }))).json().serviceId as string;

  const lyon = await write('PP-1', 'LYON', '69003', 51);
  const page = await agency.browser.get(`/pro/listings/${lyon}`);
  assert.equal(page.statusCode, 200);
  assert.equal(placeOf(page.body), 'Lieu Lyon 3e (69) · Rhône · Auvergne-Rhône-Alpes');
  assert.doesNotMatch(page.body, /code postal de/, 'no remark on a plain place');

  const villeurbanne = await write('PP-2', 'Villeurbanne', '69003', 62);
  const mismatched = placeOf((await agency.browser.get(`/pro/listings/${villeurbanne}`)).body);
  assert.match(mismatched, /^Lieu Villeurbanne · Rhône · Auvergne-Rhône-Alpes /);
  assert.match(mismatched, /elle est publiée telle que vous l’avez envoyée\. 69003 est le code postal de Lyon, pas de « Villeurbanne »\.$/);

  const nowhere = await write('PP-3', 'Ajaccio <b>', '00000', 73);
  const unknown = await agency.browser.get(`/pro/listings/${nowhere}`);
  assert.ok(unknown.body.includes('<p>Ajaccio &lt;b></p>'), 'the typed city, escaped, stands for the place');
  assert.match(placeOf(unknown.body), /00000 n’est le code postal d’aucune commune de la liste officielle\.$/);

  // The agency corrects the city: the page follows the latest content.
  await t.call('PUT', `/v1/listings/${villeurbanne}`, live, { city: 'Lyon' });
  const corrected = placeOf((await agency.browser.get(`/pro/listings/${villeurbanne}`)).body);
  assert.equal(corrected, 'Lieu Lyon 3e (69) · Rhône · Auvergne-Rhône-Alpes');
});
