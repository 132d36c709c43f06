import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { page } from '../../../helpers/site.js';
import { alertPathIn, alertPost, formPost, uniqueAlertEmail } from '../../../helpers/alerts.js';
import { ALERT_REQUEST_LIMIT } from '../../../../src/domain/alerts/alert-limits.js';
import { ALERTS_PER_ADDRESS } from '../../../../src/domain/alerts/alert-model.js';

/**
 * docs/site-and-spaces.md "E-mail alerts": what the alert form and the pages of alert links
 * answer to bad input — a malformed e-mail, an eleventh alert, an altered search, a robot, too
 * many requests, forged or expired confirmation links, a replayed unsubscribe — each a French
 * page with its message and status, nothing stored; the management page; private headers.
 * Mails stay in the mailbox (no SMTP_URL): links are read from their text.
 */
const { t } = useTestApp({ env: { SITE_CACHE_MS: '60000' } });
let counter = 0;
/** An address no other test (or file, on a shared database) uses: limits count per address. */
const address = () => `2001:db8:a1e::${Math.random().toString(16).slice(2, 6)}:${++counter}`;
const city = `Alerteville ${Math.random().toString(36).slice(2, 7)}`;

const alertsOf = async (email: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE email = $1', [email])).rows[0]!.n;
const mailsTo = async (email: string) =>
  (await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id', [email])).rows.map(
    (r) => r.text_body,
  );
const lastMail = async (email: string) => (await mailsTo(email)).at(-1)!;
/** An alert asked for and confirmed; its address and the links of its confirmation mail. */
async function confirmedAlert(search: Record<string, string> = { city }, frequency = 'immediate') {
  const email = uniqueAlertEmail();
  assert.equal((await alertPost(t, search, { email, frequency }, address())).statusCode, 200);
  const text = await lastMail(email);
  assert.equal((await formPost(t, alertPathIn(text, 'confirm'))).statusCode, 200);
  return { email, manage: alertPathIn(text, 'manage'), unsubscribe: alertPathIn(text, 'unsubscribe') };
}
function assertPrivateHeaders(response: { headers: Record<string, unknown> }, what: string) {
  assert.equal(response.headers['cache-control'], 'no-store', `${what}: never stored`);
  assert.equal(response.headers['referrer-policy'], 'no-referrer', `${what}: the token never leaves as a Referer`);
  assert.match(String(response.headers['x-robots-tag']), /^noindex\b/, `${what}: never indexed`);
}

test(`[${databaseKind}] the results page carries the alert form, its search in hidden fields; /alerts/new shows it alone`, async () => {
  const results = await page(t, `/listings?transaction=rental&city=${encodeURIComponent(city)}&roomsMin=2&sort=price_asc&page=1`);
  assert.equal(results.statusCode, 200);
  assert.match(results.body, /<details class="alert-box"><summary>Recevoir les nouvelles annonces par e-mail<\/summary>/);
  assert.match(results.body, /<input type="hidden" name="transaction" value="rental"\/?>/);
  assert.match(results.body, /<input type="hidden" name="roomsMin" value="2"\/?>/);
  assert.doesNotMatch(results.body, /type="hidden" name="sort"/, 'the sort means nothing to an alert');
  const alone = await page(t, `/alerts/new?transaction=rental&city=${encodeURIComponent(city)}&roomsMin=2`);
  assert.equal(alone.statusCode, 200);
  assert.match(alone.body, /<h1>Créer une alerte e-mail<\/h1>/);
  assert.match(alone.body, new RegExp(`Annonces immobilières à louer à ${city}, 2\\s+pièces et plus`, 'u'));
  assert.match(alone.body, /<meta name="robots" content="noindex/);
});

test(`[${databaseKind}] a malformed e-mail, a missing frequency or an altered search: the form again with the message (400), nothing stored or sent`, async () => {
  const email = 'pas-une-adresse';
  const refused = await alertPost(t, { city }, { email, frequency: 'immediate' }, address());
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /<html lang="fr">/);
  assert.match(refused.body, /L’alerte n’est pas créée. Corrigez\s:/);
  assert.match(refused.body, /<a href="#f-email">Indiquez une adresse e-mail valide, de la forme nom@exemple.fr.<\/a>/);
  assert.match(refused.body, /id="f-email"[^>]*value="pas-une-adresse"[^>]*aria-invalid="true"/);
  assert.equal(await alertsOf(email), 0);

  const good = uniqueAlertEmail();
  const noFrequency = await alertPost(t, { city }, { email: good }, address());
  assert.equal(noFrequency.statusCode, 400);
  assert.match(noFrequency.body, /Choisissez « dès leur publication » ou « une fois par jour »/);
  const altered = await alertPost(t, { city, priceMin: 'beaucoup' }, { email: good, frequency: 'daily' }, address());
  assert.equal(altered.statusCode, 400);
  assert.match(altered.body, /Le prix minimum doit être un nombre entier/);
  const json = await t.app.inject({
    method: 'POST',
    url: '/alerts',
    headers: { 'content-type': 'application/json', accept: 'text/html' },
    payload: JSON.stringify({ email: good, frequency: 'daily', city }),
  });
  assert.equal(json.statusCode, 415);
  assert.match(json.body, /<html lang="fr">/);
  assert.equal(await alertsOf(good), 0);
  assert.deepEqual(await mailsTo(good), []);
});

test(`[${databaseKind}] a robot filling the hidden field is answered like anyone, and nothing is stored or sent`, async () => {
  const email = uniqueAlertEmail('robot');
  const answered = await alertPost(t, { city }, { email, frequency: 'immediate', website: 'https://spam.example' }, address());
  assert.equal(answered.statusCode, 200);
  assert.match(answered.body, /Vérifiez votre boîte mail/);
  assert.equal(await alertsOf(email), 0);
  assert.deepEqual(await mailsTo(email), []);
});

test(`[${databaseKind}] at most ${ALERTS_PER_ADDRESS} alerts per address: the eleventh is refused with a page (409); asking again for one it has is not an eleventh`, async () => {
  const email = uniqueAlertEmail('dix');
  for (let i = 1; i <= ALERTS_PER_ADDRESS; i++)
    assert.equal((await alertPost(t, { city, priceMax: String(i * 100_000) }, { email, frequency: 'daily' }, address())).statusCode, 200);
  const eleventh = await alertPost(t, { city, priceMax: '9900000' }, { email, frequency: 'daily' }, address());
  assert.equal(eleventh.statusCode, 409);
  assert.match(eleventh.body, /Cette adresse a déjà 10 alertes, le maximum/);
  assert.match(eleventh.body, /<html lang="fr">/);
  assert.equal(await alertsOf(email), ALERTS_PER_ADDRESS);
  // The same search again: a new confirmation mail for the alert it has (the per-e-mail limit, 10 an hour, is reached: 429).
  const again = await alertPost(t, { city, priceMax: '100000' }, { email, frequency: 'immediate' }, address());
  assert.equal(again.statusCode, 429);
  assert.equal(await alertsOf(email), ALERTS_PER_ADDRESS);
});

test(`[${databaseKind}] one address (IP) asks for at most ${ALERT_REQUEST_LIMIT.limit} alerts an hour: then 429 with Retry-After and a French page`, async () => {
  const ip = address();
  for (let i = 0; i < ALERT_REQUEST_LIMIT.limit; i++)
    assert.equal((await alertPost(t, { city }, { email: uniqueAlertEmail('ip'), frequency: 'daily' }, ip)).statusCode, 200);
  const email = uniqueAlertEmail('ip');
  const limited = await alertPost(t, { city }, { email, frequency: 'daily' }, ip);
  assert.equal(limited.statusCode, 429);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.match(limited.body, /Trop de demandes d’alerte/);
  assert.equal(await alertsOf(email), 0);
});

test(`[${databaseKind}] asking again for an alert it has sends a new confirmation, whose link sets the frequency asked`, async () => {
  const { email, manage } = await confirmedAlert({ city, surfaceMin: '40' }, 'immediate');
  assert.equal((await alertPost(t, { city, surfaceMin: '40' }, { email, frequency: 'daily' }, address())).statusCode, 200);
  assert.equal(await alertsOf(email), 1);
  assert.match((await page(t, manage)).body, /Envoi dès leur publication/);
  assert.equal((await formPost(t, alertPathIn(await lastMail(email), 'confirm'))).statusCode, 200);
  assert.match((await page(t, manage)).body, /Envoi une fois par jour, à 8 h/);
});

test(`[${databaseKind}] forged and expired confirmation links: 404 and 410 pages, nothing confirmed`, async () => {
  const email = uniqueAlertEmail('lien');
  assert.equal((await alertPost(t, { city }, { email, frequency: 'immediate' }, address())).statusCode, 200);
  const confirm = alertPathIn(await lastMail(email), 'confirm');
  const forged = `${confirm.slice(0, -1)}${confirm.endsWith('A') ? 'B' : 'A'}`;
  for (const path of [forged, '/alerts/confirm/abc', `/alerts/confirm/${'x'.repeat(43)}`]) {
    for (const shown of [await page(t, path), await formPost(t, path)]) {
      assert.equal(shown.statusCode, 404, path);
      assert.match(shown.body, /Ce lien n’est pas valide/);
      assertPrivateHeaders(shown, path);
    }
  }
  // The manage link of the same mail is no confirmation link either.
  assert.equal((await formPost(t, alertPathIn(await lastMail(email), 'manage').replace('/manage/', '/confirm/'))).statusCode, 404);
  await t.db.query(`UPDATE alert_links SET created_at = created_at - interval '8 days' WHERE email = $1 AND kind = 'confirm'`, [email]);
  const expired = await formPost(t, confirm);
  assert.equal(expired.statusCode, 410);
  assert.match(expired.body, /Ce lien de confirmation a expiré/);
  const { rows } = await t.db.query<{ confirmed_at: Date | null }>('SELECT confirmed_at FROM alerts WHERE email = $1', [email]);
  assert.equal(rows[0]!.confirmed_at, null);
});

test(`[${databaseKind}] the unsubscribe link: a page with a button, one POST deletes, a replay gets 410; the management page deletes and says so`, async () => {
  const { email, manage, unsubscribe } = await confirmedAlert({ city, transaction: 'sale' });
  const other = await confirmedAlert({ city, transaction: 'rental' });
  const shown = await page(t, unsubscribe);
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, new RegExp(`<form method="post" action="${unsubscribe}" class="confirm">`));
  assertPrivateHeaders(shown, 'unsubscribe page');
  assert.equal(await alertsOf(email), 1, 'opening the link deletes nothing');
  const done = await formPost(t, unsubscribe, { 'List-Unsubscribe': 'One-Click' });
  assert.equal(done.statusCode, 200);
  assert.equal(await alertsOf(email), 0);
  for (const replay of [await formPost(t, unsubscribe), await page(t, unsubscribe)]) {
    assert.equal(replay.statusCode, 410);
    assert.match(replay.body, /Cette alerte est déjà supprimée/);
  }
  // The management page still opens, with nothing left; the other address's alert is untouched.
  const empty = await page(t, manage);
  assert.equal(empty.statusCode, 200);
  assert.match(empty.body, /Vous n’avez plus aucune alerte/);
  assert.equal(await alertsOf(other.email), 1);

  // Deleting from the page: only the link's own address's alerts.
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM alerts WHERE email = $1', [other.email]);
  const stranger = await formPost(t, `${manage}/delete`, { alert: rows[0]!.id });
  assert.equal(stranger.statusCode, 303);
  assert.equal(await alertsOf(other.email), 1, 'another address’s alert stays');
  const mine = await formPost(t, `${other.manage}/delete`, { alert: rows[0]!.id });
  assert.equal(mine.statusCode, 303);
  assert.equal(mine.headers.location, `${other.manage}?fait=supprimee`);
  assert.equal(await alertsOf(other.email), 0);
  assert.match((await page(t, String(mine.headers.location))).body, /L’alerte est supprimée./);
  assert.equal((await formPost(t, `${other.manage}/delete`, { alert: 'abc' })).statusCode, 400);
  assert.equal((await formPost(t, `/alerts/manage/${'y'.repeat(43)}/delete`, { alert: '1' })).statusCode, 404);
  assert.equal((await page(t, `/alerts/manage/${'y'.repeat(43)}`)).statusCode, 404);
});
