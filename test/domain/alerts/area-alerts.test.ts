import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { alertPathIn, alertPost, formPost, push, pushedListing, uniqueAlertEmail } from '../../helpers/alerts.js';
import { matchNewListings } from '../../../src/domain/alerts/matcher.js';

/**
 * docs/geography.md: an alert on a département, a région or a commune hears of the new listings
 * placed there (the official codes: Corsica's 2A and 2B, La Réunion's 974), named in French in
 * its mails; an alert on the first digits of a postcode keeps meaning them.
 */
const { t, agency } = useIsolatedTestApp();

async function confirmedAlert(search: Record<string, string>) {
  const email = uniqueAlertEmail('zone');
  const asked = await alertPost(t, search, { email, frequency: 'immediate' }, `198.51.100.${Math.floor(Math.random() * 250)}`);
  assert.equal(asked.statusCode, 200, asked.body.slice(0, 300));
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
    email,
  ]);
  const mail = rows[0]!.text_body;
  assert.equal((await formPost(t, alertPathIn(mail, 'confirm'))).statusCode, 200);
  const { rows: alert } = await t.db.query<{ id: string; label: string; path: string; lookup_key: string }>(
    'SELECT a.id, s.label, s.path, s.lookup_key FROM alerts a JOIN alert_searches s ON s.id = a.search_id WHERE a.email = $1',
    [email],
  );
  return { ...alert[0]!, alertId: Number(alert[0]!.id), mail };
}
const pendingOf = async (alertId: number) =>
  (
    (await t.db.query<{ listing_ids: string[] }>('SELECT listing_ids FROM alert_pending WHERE alert_id = $1', [alertId])).rows[0]
      ?.listing_ids ?? []
  ).sort();

test(`[${databaseKind}] alerts on a département, a région, a commune and a postcode's first digits each hear of the listings placed there`, async () => {
  const corseDuSud = await confirmedAlert({ departement: '2a' });
  assert.equal(corseDuSud.label, 'Annonces immobilières dans le département de la Corse-du-Sud (2A)');
  assert.equal(corseDuSud.path, '/listings?departement=2A');
  assert.equal(corseDuSud.lookup_key, 'd:2A||', 'found by the official département');
  assert.match(corseDuSud.mail, /Annonces immobilières dans le département de la Corse-du-Sud \(2A\)/);
  const corse = await confirmedAlert({ region: '94' });
  assert.equal(corse.label, 'Annonces immobilières dans la région Corse');
  const twenty = await confirmedAlert({ postcode: '20' });
  assert.equal(twenty.lookup_key, 'pp:20||', 'the first digits of a postcode, as typed');
  const lyon = await confirmedAlert({ commune: '69123', city: 'Lyon' });
  assert.equal(lyon.label, 'Annonces immobilières à Lyon (69)');
  const rhone = await confirmedAlert({ departement: '69', transaction: 'sale' });
  assert.equal(rhone.label, 'Annonces immobilières à vendre dans le département du Rhône (69)');
  const reunion = await confirmedAlert({ departement: '974' });

  const [ajaccio, bastia, lyon3, villeurbanne, saintDenis] = await push(t, agency.live, [
    pushedListing('Z-AJACCIO', { city: 'Ajaccio', postcode: '20000', surface: 41 }),
    pushedListing('Z-BASTIA', { city: 'BASTIA', postcode: '20200', surface: 52 }),
    pushedListing('Z-LYON', { city: 'Lyon', postcode: '69003', surface: 63 }),
    pushedListing('Z-VILLEURBANNE', { city: 'Villeurbanne', postcode: '69100', surface: 74 }),
    pushedListing('Z-REUNION', { city: 'St Denis', postcode: '97400', surface: 85 }),
    pushedListing('Z-NOWHERE', { city: 'Nulle-Part', postcode: '99999', surface: 96 }),
  ]);
  const run = await matchNewListings(t.db, t.services.now());
  assert.equal(run.listings, 6);
  assert.deepEqual(await pendingOf(corseDuSud.alertId), [ajaccio]);
  assert.deepEqual(await pendingOf(corse.alertId), [ajaccio, bastia].sort());
  assert.deepEqual(await pendingOf(twenty.alertId), [ajaccio, bastia].sort());
  assert.deepEqual(await pendingOf(lyon.alertId), [lyon3], 'Lyon takes its arrondissements');
  assert.deepEqual(await pendingOf(rhone.alertId), [lyon3, villeurbanne].sort());
  assert.deepEqual(await pendingOf(reunion.alertId), [saintDenis]);
});

test(`[${databaseKind}] an alert form with a département that does not exist is refused, nothing stored`, async () => {
  const email = uniqueAlertEmail('zone');
  const asked = await alertPost(t, { departement: '20' }, { email, frequency: 'immediate' });
  assert.equal(asked.statusCode, 400);
  assert.match(asked.body, /Le département doit être indiqué par son code officiel/);
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE email = $1', [email]);
  assert.equal(rows[0]!.n, 0);
});
