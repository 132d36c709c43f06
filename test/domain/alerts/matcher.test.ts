import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { approve } from '../../helpers/site.js';
import { alertPathIn, alertPost, formPost, push, pushedListing, uniqueAlertEmail } from '../../helpers/alerts.js';
import { matchNewListings } from '../../../src/domain/alerts/matcher.js';
import { sendDueAlertMails } from '../../../src/domain/alerts/dispatch.js';

/**
 * docs/decisions.md §18: what the matcher counts as a new listing for an alert — a listing's
 * first publication, whichever way it came (the rules at once, or an operator after review),
 * after the alert was confirmed, of the live site only; never a later version, never a sandbox
 * listing; a listing that left the site before its mail is not mailed. Alerts on one search
 * share one saved search. No job runner: the test runs the matcher as the periodic job would.
 */
const { t, agency } = useIsolatedTestApp();
const city = 'Matcherville';

async function confirmedAlert(search: Record<string, string>, frequency = 'immediate') {
  const email = uniqueAlertEmail('matcher');
  assert.equal((await alertPost(t, search, { email, frequency }, `198.51.100.${Math.floor(Math.random() * 250)}`)).statusCode, 200);
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
    email,
  ]);
  assert.equal((await formPost(t, alertPathIn(rows[0]!.text_body, 'confirm'))).statusCode, 200);
  const { rows: alert } = await t.db.query<{ id: string }>('SELECT id FROM alerts WHERE email = $1', [email]);
  return { email, alertId: Number(alert[0]!.id) };
}
const pendingOf = async (alertId: number) =>
  (await t.db.query<{ listing_ids: string[] }>('SELECT listing_ids FROM alert_pending WHERE alert_id = $1', [alertId])).rows[0]
    ?.listing_ids ?? [];
const match = () => matchNewListings(t.db, t.services.now());

test(`[${databaseKind}] first publications only, by the rules or by an operator, after the confirmation, live only; alerts on one search share it`, async () => {
  const early = await push(t, agency.live, [pushedListing('EARLY', { city, postcode: '33000', surface: 41 })]);
  const { alertId } = await confirmedAlert({ city });
  const twin = await confirmedAlert({ city });
  await match();
  assert.deepEqual(await pendingOf(alertId), [], 'published before the confirmation: no news');

  // The rules publish one at once; another waits for an operator (no energy class), then is approved.
  const [atOnce] = await push(t, agency.live, [pushedListing('AT-ONCE', { city, postcode: '33000', surface: 52 })]);
  const held = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [pushedListing('HELD', { city, postcode: '33000', surface: 63, dpe: undefined })],
  });
  const heldId = held.json().results[0].serviceId as string;
  assert.equal(held.json().results[0].moderation.state, 'pending');
  const run = await match();
  assert.equal(run.listings, 1, 'only the public one is new');
  assert.deepEqual(await pendingOf(alertId), [atOnce]);
  await approve(t, heldId);
  await match();
  assert.deepEqual((await pendingOf(alertId)).sort(), [atOnce!, heldId].sort(), 'published by the operator: new then');
  assert.deepEqual((await pendingOf(twin.alertId)).sort(), [atOnce!, heldId].sort());

  // A later version of a published listing (published again) and a sandbox listing are no news.
  await push(t, agency.live, [pushedListing('AT-ONCE', { city, postcode: '33000', surface: 52, title: 'Nouveau titre' })]);
  const sandbox = await t.call('POST', '/sandbox/ingest/ingestListings', agency.test, {
    listings: [pushedListing('SANDBOX', { city, postcode: '33000', surface: 74 })],
  });
  assert.equal(sandbox.statusCode, 200);
  assert.equal((await match()).matches, 0);
  assert.equal((await pendingOf(alertId)).length, 2);
  assert.ok(!(await pendingOf(alertId)).includes(early[0]!));

  const { rows } = await t.db.query<{ n: number }>('SELECT count(DISTINCT search_id)::int AS n FROM alerts WHERE id = ANY($1::bigint[])', [
    [alertId, twin.alertId],
  ]);
  assert.equal(rows[0]!.n, 1, 'two alerts on one search share its row');
});

test(`[${databaseKind}] a listing that left the site before its mail is not mailed; an alert left with nothing gets no mail`, async () => {
  await sendDueAlertMails(t.db, { kind: 'immediate' }, t.services.now(), t.config); // what the first test left
  const { email, alertId } = await confirmedAlert({ city: 'Partiville' });
  const [gone] = await push(t, agency.live, [pushedListing('GONE', { city: 'Partiville', postcode: '33100', surface: 85 })]);
  await match();
  assert.deepEqual(await pendingOf(alertId), [gone]);
  const withdrawn = await t.call('PATCH', `/v1/listings/${gone}/status`, agency.live, { status: 'withdrawn' });
  assert.equal(withdrawn.statusCode, 200, withdrawn.body);
  const before = (await t.db.query('SELECT 1 FROM mails WHERE to_address = $1', [email])).rowCount;
  assert.equal(await sendDueAlertMails(t.db, { kind: 'immediate' }, t.services.now(), t.config), 0);
  assert.deepEqual(await pendingOf(alertId), [], 'taken away all the same');
  assert.equal((await t.db.query('SELECT 1 FROM mails WHERE to_address = $1', [email])).rowCount, before);
});

test(`[${databaseKind}] an alert with keywords hears only of new listings whose public title or description hold them, never of a phone number`, async () => {
  const { alertId } = await confirmedAlert({ city, q: 'cheminées' });
  const { alertId: byPhone } = await confirmedAlert({ city, q: '0612345678' });
  const [withWord] = await push(t, agency.live, [
    pushedListing('WORDS-1', {
      city,
      postcode: '33000',
      surface: 81,
      description: 'Séjour avec cheminée, parquet. Appelez le 06 12 34 56 78.',
    }),
  ]);
  await push(t, agency.live, [
    pushedListing('WORDS-2', {
      city,
      postcode: '33000',
      surface: 140,
      price: 720000,
      type: 'MAISON',
      description: 'Séjour lumineux, parquet.',
    }),
  ]);
  await match();
  assert.deepEqual(await pendingOf(alertId), [withWord], 'stemmed and accents folded, as the results page finds it');
  assert.deepEqual(await pendingOf(byPhone), [], 'the masked phone number is not searchable');
});
