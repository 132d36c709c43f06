import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../helpers/smtp.js';
import { alertPathIn, alertPost, formPost, push, pushedListing, uniqueAlertEmail } from '../../helpers/alerts.js';
import { page } from '../../helpers/site.js';
import { matchAndSend } from '../../../src/domain/alerts/alert-jobs.js';
import { sendDueAlertMails } from '../../../src/domain/alerts/dispatch.js';
import { digestDayFor, lastDigestDay } from '../../../src/domain/alerts/digest-day.js';
import { purgeAlerts } from '../../../src/domain/alerts/retention.js';
import { parisClock } from '../../../src/platform/calendar/paris-day.js';

/**
 * docs/decisions.md §18 end to end, through a real SMTP server: a visitor asks for an alert from a
 * results page and gets a confirmation mail; nothing is sent before its link is followed; a push
 * then brings an immediate alert mail within the minute, through the service's own periodic
 * job, several listings in one mail, showing only the public projection; a daily alert's mail
 * comes at 08:00 Europe/Paris (the clock moved); the one-click unsubscribe of RFC 8058 deletes
 * the alert, nothing follows, and a replay gets a French page; an unconfirmed alert is gone
 * after 7 days. The file has a database of its own, whose job runner sends every mail.
 */
let t: TestApp;
let agency: TestAgency;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;
const SITE = 'https://annonces.example';
const visitor = uniqueAlertEmail('loop');
const city = 'Villeurbanne';
const search = { transaction: 'sale', city, priceMax: '400000' };
const SECRET_STREET = '27 impasse des Secrets';
const PHONE = '06 12 34 56 78';

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, SITE_URL: SITE } });
  agency = await t.agency({ plan: 'reseau', name: 'Agence des Alertes' });
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

/** Text with French number spacing (narrow and non-breaking spaces) made plain. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
const header = (mail: ReceivedMail, name: string) =>
  // Unfolded first: a long header may continue on the next line (RFC 5322).
  new RegExp(`^${name}: *(.*)$`, 'im').exec(mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();
/** Waits for the `count`-th mail to the visitor, then a little, to be sure no other comes. */
async function mailNumber(count: number, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(visitor).length < count && Date.now() < deadline) await sleep(50);
  await sleep(200);
  assert.equal(mailsTo(visitor).length, count, `mail number ${count} to the visitor`);
  return mailsTo(visitor)[count - 1]!;
}
/** What the periodic job does, run now: match what was published, mail the immediate alerts. */
const runMatcher = () => matchAndSend({ db: t.db, now: () => new Date() }, t.config);
/** 08:00 in Paris on `day`, winter or summer. */
function eightInParis(day: string): Date {
  const at = [6, 7].map((hour) => new Date(`${day}T0${hour}:00:00Z`)).find((d) => parisClock(d).hour === 8 && parisClock(d).day === day);
  assert.ok(at);
  return at;
}
function assertAlertHeaders(mail: ReceivedMail) {
  const unsubscribe = header(mail, 'List-Unsubscribe');
  assert.match(unsubscribe ?? '', /^<https:\/\/annonces\.example\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}>$/, 'an HTTPS List-Unsubscribe');
  assert.equal(header(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  assert.equal(unsubscribe, `<${SITE}${alertPathIn(mail.parsed.text!, 'unsubscribe')}>`, 'the header is the mail’s own unsubscribe link');
}
/** Neither the street nor a phone number of a listing, in any part of the mail. */
function assertPublicOnly(mail: ReceivedMail) {
  for (const part of [mail.raw, mail.parsed.text!, String(mail.parsed.html)]) {
    assert.ok(!part.includes(SECRET_STREET) && !part.includes('impasse des Secrets'), 'no address line');
    assert.doesNotMatch(part.replace(/=\r\n/g, ''), /0\s?6[\s.]?12[\s.]?34[\s.]?56[\s.]?78/, 'no raw phone number');
  }
}

test(`[${databaseKind}] alerts end to end: confirmation, immediate mail after a push, 08:00 digest, one-click unsubscribe, purge of the unconfirmed`, async () => {
  // The results page offers the form, with the search in hidden fields.
  const results = await page(t, `/listings?transaction=sale&city=${city}&priceMax=400000`);
  assert.equal(results.statusCode, 200);
  assert.match(results.body, /<form class="alert" method="post" action="\/alerts"/);
  assert.match(results.body, /<input type="hidden" name="city" value="Villeurbanne"/);

  // 1. The request: a page saying to check the mail, and the confirmation mail.
  const asked = await alertPost(t, search, { email: `  ${visitor.toUpperCase()} `, frequency: 'immediate' });
  assert.equal(asked.statusCode, 200, asked.body);
  assert.match(asked.body, /Vérifiez votre boîte mail/);
  const confirmation = await mailNumber(1);
  assert.equal(
    plain(confirmation.parsed.subject),
    'Confirmez votre alerte : Annonces immobilières à vendre à Villeurbanne, jusqu’à 400 000 €',
  );
  assert.match(confirmation.parsed.text!, /dès leur publication/);
  assertAlertHeaders(confirmation);
  const confirmPath = alertPathIn(confirmation.parsed.text!, 'confirm');

  // 2. Nothing before confirmation: a matching listing comes out, the matcher runs, no mail.
  await push(t, agency.live, [pushedListing('EARLY-1', { city, postcode: '69100', price: 350000, surface: 90 })]);
  assert.equal(await runMatcher(), 0, 'no alert mail before the confirmation');

  // 3. Confirmation: following the link shows a button (a mail scanner opening it confirms nothing); pressing it confirms.
  const shown = await page(t, confirmPath);
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /Confirmer l’alerte/);
  assert.equal(await runMatcher(), 0, 'opening the link confirmed nothing');
  const confirmed = await formPost(t, confirmPath);
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  assert.match(confirmed.body, /Votre alerte est active/);
  assert.equal(await runMatcher(), 0, 'a listing published before the confirmation is no news');

  // 4. A push of new listings: the periodic job mails them within the minute, in one mail.
  const pushedAt = Date.now();
  const [first, second] = await push(t, agency.live, [
    pushedListing('NEW-1', {
      city,
      postcode: '69100',
      title: `T3 avec balcon, appelez le ${PHONE}`,
      addressLine: SECRET_STREET,
      description: `Visites au ${PHONE}, au ${SECRET_STREET}.`,
      neighborhood: `Gratte-Ciel, tél ${PHONE}`,
    }),
    pushedListing('NEW-2', { city, postcode: '69100', price: 250000, surface: 55, rooms: 2, title: 'T2 au calme' }),
    pushedListing('NEW-3', { city, postcode: '69100', price: 650000, surface: 140, rooms: 6, title: 'Trop cher' }),
    pushedListing('NEW-4', { city: 'Bron', postcode: '69500', price: 200000, surface: 50, title: 'Ailleurs' }),
  ]);
  const immediate = await mailNumber(2, 60_000);
  const waitedMs = Date.now() - pushedAt;
  assert.ok(waitedMs < 60_000, `mailed ${waitedMs} ms after the push`);
  assert.equal(plain(immediate.parsed.subject), '2 nouvelles annonces : Annonces immobilières à vendre à Villeurbanne, jusqu’à 400 000 €');
  const text = plain(immediate.parsed.text);
  for (const serviceId of [first, second]) assert.ok(text.includes(`${SITE}/listings/${serviceId}`), `${serviceId} is in the mail`);
  assert.ok(text.includes('T2 au calme') && text.includes('250 000'), 'the listing as the site shows it');
  assert.ok(!text.includes('Trop cher') && !text.includes('Ailleurs'), 'only the listings of the search');
  assert.ok(text.includes('[coordonnées masquées'), 'the title is the masked one');
  assertPublicOnly(immediate);
  assertAlertHeaders(immediate);
  assert.match(String(immediate.parsed.html), /<html lang="fr">/);

  // 5. A daily alert of the same address: its mail comes at 08:00 in Paris with the day's new listings.
  assert.equal((await alertPost(t, { city }, { email: visitor, frequency: 'daily' })).statusCode, 200);
  const dailyConfirmation = await mailNumber(3);
  assert.match(dailyConfirmation.parsed.text!, /une fois par jour, à 8 h/);
  assert.equal((await formPost(t, alertPathIn(dailyConfirmation.parsed.text!, 'confirm'))).statusCode, 200);
  const foundAt = new Date();
  const [daily] = await push(t, agency.live, [
    pushedListing('DAILY-1', { city, postcode: '69100', price: 390000, surface: 80, title: 'Duplex du jour' }),
  ]);
  await runMatcher(); // (or the periodic job, if it came first)
  const again = await mailNumber(4);
  assert.ok(again.parsed.text!.includes(`/listings/${daily}`));
  const eight = eightInParis(digestDayFor(foundAt));
  // The daily job at a moved clock: what is due is decided at `at`; the mail is written now, so the running sender takes it.
  const dailyAt = (at: Date) => sendDueAlertMails(t.db, { kind: 'daily', through: lastDigestDay(at) }, new Date(), t.config);
  assert.equal(await dailyAt(new Date(eight.getTime() - 60_000)), 0, '07:59 in Paris: not yet');
  assert.equal(await dailyAt(eight), 1, '08:00 in Paris: the daily mail');
  const digest = await mailNumber(5);
  assert.equal(plain(digest.parsed.subject), `Votre alerte du jour : une nouvelle annonce – Annonces immobilières à Villeurbanne`);
  assert.ok(digest.parsed.text!.includes(`/listings/${daily}`) && digest.parsed.text!.includes('Duplex du jour'));
  assertAlertHeaders(digest);
  assertPublicOnly(digest);
  assert.equal(await dailyAt(new Date(eight.getTime() + 5 * 60_000)), 0, 'once a day');

  // 6. One-click unsubscribe (RFC 8058) of the immediate alert, as a mail client posts it.
  const unsubscribeUrl = header(immediate, 'List-Unsubscribe')!.slice(1, -1);
  const oneClick = await t.app.inject({
    method: 'POST',
    url: new URL(unsubscribeUrl).pathname,
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    payload: '--xyz\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xyz--\r\n',
  });
  assert.equal(oneClick.statusCode, 200, oneClick.body);
  assert.match(oneClick.body, /Vous êtes désabonné/);
  const replay = await formPost(t, new URL(unsubscribeUrl).pathname, { 'List-Unsubscribe': 'One-Click' });
  assert.equal(replay.statusCode, 410);
  assert.match(replay.body, /Cette alerte est déjà supprimée/);
  assert.match(replay.body, /<html lang="fr">/);

  // Nothing after unsubscribing: a new matching listing goes to the daily alert only, for tomorrow's mail.
  await push(t, agency.live, [
    pushedListing('AFTER-1', { city, postcode: '69100', price: 380000, surface: 100, title: 'Après désabonnement' }),
  ]);
  assert.equal(await runMatcher(), 0, 'no immediate mail after unsubscribing');
  await sleep(300);
  assert.equal(mailsTo(visitor).length, 5);

  // The management link of any mail lists the address's alerts: the daily one remains.
  const manage = await page(t, alertPathIn(digest.parsed.text!, 'manage'));
  assert.equal(manage.statusCode, 200);
  assert.match(manage.body, /Annonces immobilières à Villeurbanne/);
  assert.doesNotMatch(manage.body, /jusqu’à 400/);
  assert.equal(manage.headers['cache-control'], 'no-store');
  assert.equal(manage.headers['referrer-policy'], 'no-referrer');

  // 7. An alert never confirmed is deleted after 7 days, and its link then says it expired.
  assert.equal((await alertPost(t, { city: 'Bron' }, { email: visitor, frequency: 'immediate' })).statusCode, 200);
  const unconfirmed = alertPathIn((await mailNumber(6)).parsed.text!, 'confirm');
  const inAWeek = (ms: number) => new Date(Date.now() + 7 * 24 * 3_600_000 + ms);
  assert.equal((await purgeAlerts(t.db, inAWeek(-60_000))).unconfirmed, 0, 'kept for 7 days');
  assert.equal((await purgeAlerts(t.db, inAWeek(60_000))).unconfirmed, 1, 'deleted after 7 days');
  const expired = await page(t, unconfirmed);
  assert.equal(expired.statusCode, 410);
  assert.match(expired.body, /Ce lien de confirmation a expiré/);
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE email = $1', [visitor]);
  assert.equal(rows[0]!.n, 1, 'the confirmed daily alert stays');
});
