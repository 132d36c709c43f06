import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { contact, publicListing } from '../../helpers/site.js';
import { addProUser, mailsSettled, startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { JobRunner } from '../../../src/platform/jobs/runner.js';
import { registerMailSender } from '../../../src/platform/mail/sender.js';
import { smtpTransport } from '../../../src/platform/mail/transport.js';
import { sendDueDigests } from '../../../src/domain/leads/digest.js';
import { chooseLeadMail } from '../../../src/domain/leads/preferences.js';
import { proConversationPath } from '../../../src/domain/leads/links.js';

/**
 * docs/decisions.md §16: a pro user on the daily digest hears of visitors' messages in one mail
 * at 08:00 Europe/Paris, once a day, in winter (UTC+1) as in summer (UTC+2), through a real SMTP
 * server. The service's clock is moved; no periodic job runs (WORKER=0): the test calls the
 * digest as the job would, and a mail runner on the same clock sends what it writes.
 */
let t: TestApp;
let agency: TestAgency;
let smtp: SmtpReceiver;
let runner: JobRunner;
let closeDatabase: () => Promise<void>;
let clock = new Date('2027-01-14T09:00:00Z');
const SITE = 'https://annonces.example';
const reader = 'matin@agence-digest.example';

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, now: () => clock, env: { SMTP_URL: smtp.url, SITE_URL: SITE, WORKER: '0' } });
  agency = await t.agency({ plan: 'reseau' });
  await addProUser(t.db, agency.agencyId, reader);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [reader]);
  await chooseLeadMail(t.db, rows[0]!.id, 'digest', clock);
  runner = new JobRunner(t.db, { pollMs: 20, now: () => clock, onError: () => {} });
  registerMailSender(runner, { db: t.db, now: () => clock, transport: smtpTransport(smtp.url), backoff: () => 50 });
  await runner.start();
});
after(async () => {
  await runner?.stop();
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const toReader = () => smtp.received.filter((m) => m.envelope.to.includes(reader));
/**
 * Every mail written so far has left before the clock moves by hours: a mail still being sent
 * would see its sender's claim expire (claims are timed on that clock) and leave twice, as it
 * would after a crash, and the mails counted below would not be the ones expected.
 */
async function settled() {
  const rows = await mailsSettled(t.db);
  assert.ok(
    rows.every((row) => row.state !== 'queued'),
    'every mail has left',
  );
}
async function digestAt(iso: string): Promise<number> {
  await settled();
  clock = new Date(iso);
  return sendDueDigests(t.db, clock, t.config);
}
async function contactAt(iso: string, serviceId: string, name: string) {
  await settled();
  clock = new Date(iso);
  const email = uniqueVisitorEmail();
  assert.equal((await contact(t, serviceId, { name, email, message: `Bonjour de ${name}` }, '192.0.2.77')).statusCode, 200);
  return (await t.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [email])).rows[0]!.id;
}

test(`[${databaseKind}] a digest reader gets one mail at 08:00 Paris listing the conversations, none at 07:59, none again that day; winter and summer time`, async () => {
  const flat = await publicListing(t, agency.live, 'DIGEST-1', { title: 'Appartement rue Neuve' });
  const house = await publicListing(t, agency.live, 'DIGEST-2', { title: 'Maison avec jardin' });

  // Winter: Paris is UTC+1.
  const first = await contactAt('2027-01-14T10:00:00Z', flat, 'Camille Martin');
  const second = await contactAt('2027-01-14T16:30:00Z', house, 'Léa Durand');
  await smtp.waitFor(2); // the two visitors' acknowledgements
  await sleep(300);
  assert.equal(toReader().length, 0, 'a digest reader is not mailed each message');

  assert.equal(await digestAt('2027-01-15T06:59:00Z'), 0, '07:59 in Paris: not yet');
  assert.equal(await digestAt('2027-01-15T07:00:00Z'), 1, '08:00 in Paris: the digest');
  await smtp.waitFor(3);
  const [winter] = toReader();
  assert.equal(winter!.parsed.subject, 'Vos contacts du jour : 2 conversations avec de nouveaux messages');
  const text = winter!.parsed.text!;
  for (const expected of ['Camille Martin', 'Léa Durand', 'Appartement rue Neuve', 'Maison avec jardin', 'Bonjour de Léa Durand'])
    assert.ok(text.includes(expected), `the digest names ${expected}`);
  for (const leadId of [first, second]) assert.ok(text.includes(`${SITE}${proConversationPath(leadId)}`));
  assert.match(winter!.parsed.html as string, /<html lang="fr">/);
  assert.equal(await digestAt('2027-01-15T07:05:00Z'), 0, 'a second run the same day');
  assert.equal(await digestAt('2027-01-15T22:59:00Z'), 0, 'still 23:59 the same day in Paris');

  // Summer: Paris is UTC+2; only what came since the last digest.
  const third = await contactAt('2027-07-14T12:00:00Z', house, 'Zoé Petit');
  await smtp.waitFor(4);
  assert.equal(await digestAt('2027-07-15T05:59:00Z'), 0, '07:59 in Paris, summer time');
  assert.equal(await digestAt('2027-07-15T06:00:00Z'), 1, '08:00 in Paris, summer time');
  await smtp.waitFor(5);
  const summer = toReader()[1]!;
  assert.equal(summer.parsed.subject, 'Vos contacts du jour : 1 conversation avec de nouveaux messages');
  assert.ok(summer.parsed.text!.includes(`${SITE}${proConversationPath(third)}`));
  assert.ok(!summer.parsed.text!.includes('Camille Martin'), 'what the winter digest told is not told again');
  assert.equal(await digestAt('2027-07-15T06:30:00Z'), 0);
  await sleep(300);
  assert.equal(toReader().length, 2);
});
