import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { contact, publicListing } from '../../helpers/site.js';
import { addProUser, mailRows, mailsSettled, startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../helpers/smtp.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { proConversationPath } from '../../../src/domain/leads/links.js';
import { CONTACT_LIMIT } from '../../../src/domain/leads/visitor-limits.js';

/**
 * docs/decisions.md §16: a visitor's message is e-mailed to every pro user of the agency,
 * through a real SMTP server (SMTP_URL, with credentials), in French, text and HTML; the
 * visitor gets an acknowledgement besides (its content: test/domain/leads/conversation-loop.test.ts).
 * The file has a database of its own: its job runner sends every mail it finds there.
 */
let t: TestApp;
let agency: TestAgency;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;
const admin = 'directrice@agence-parc.example';
const agent = 'agent@agence-parc.example';

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, SITE_URL: 'https://annonces.example' } });
  agency = await t.agency({ plan: 'reseau' });
  await addProUser(t.db, agency.agencyId, admin, 'admin');
  await addProUser(t.db, agency.agencyId, agent, 'agent');
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const visitor = {
  name: 'Camille Martin',
  email: 'camille@example.org',
  phone: '06 11 22 33 44',
  message: 'Bonjour,\nest-il libre ? <b>merci</b>',
};
const headerBlock = (mail: ReceivedMail) => mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
const newMails = async (from: number, count: number) => (await smtp.waitFor(from + count)).slice(from);
/** The mails to the agency's pro users, apart from the visitor's acknowledgement. */
const toAgency = (mails: ReceivedMail[]) => mails.filter((m) => [admin, agent].includes(m.envelope.to[0]!));
const leadOf = async (serviceId: string) =>
  (await t.db.query<{ id: string }>('SELECT id FROM leads WHERE listing_id = $1', [serviceId])).rows[0]!.id;

test(`[${databaseKind}] a contact e-mails each pro user of the agency: French, text and HTML, no Reply-To to the visitor, no street address`, async () => {
  const serviceId = await publicListing(t, agency.live, 'MAIL-1', {
    title: 'T3 lumineux près du parc',
    price: 250000,
    city: 'Villeurbanne',
    postcode: '69100',
    addressLine: '12 rue Secrète',
  });
  const response = await contact(t, serviceId, visitor, '198.51.100.1');
  assert.equal(response.statusCode, 200, response.body);
  const started = Date.now();
  const received = await newMails(0, 3);
  assert.ok(Date.now() - started < 3000, 'sent at once');

  const mails = toAgency(received);
  assert.deepEqual(mails.map((m) => m.envelope.to).sort(), [[admin], [agent]].sort(), 'one mail per pro user, to that user only');
  assert.deepEqual(
    received.map((m) => m.envelope.to).filter(([to]) => to === visitor.email),
    [[visitor.email]],
    'and the visitor’s acknowledgement, to the visitor only',
  );
  const rows = await mailsSettled(t.db);
  assert.deepEqual(
    rows.map((r) => r.state),
    ['sent', 'sent', 'sent'],
  );
  const conversation = `https://annonces.example${proConversationPath(await leadOf(serviceId))}`;
  for (const mail of mails) {
    const { parsed } = mail;
    const to = mail.envelope.to[0]!;
    assert.deepEqual(parsed.from?.value, [{ address: 'no-reply@annonces.example', name: 'Annonces' }], 'MAIL_FROM’s default');
    assert.equal(mail.envelope.from, 'no-reply@annonces.example');
    assert.equal((parsed.to as { value: Array<{ address: string }> }).value[0]!.address, to);
    assert.equal(parsed.messageId, rows.find((r) => r.to_address === to)!.message_id, 'the Message-ID given when the mail was written');
    assert.match(parsed.messageId!, /^<[0-9a-f]{32}@annonces\.example>$/);
    assert.equal(parsed.replyTo, undefined, 'no Reply-To: the agency answers through the service');
    assert.ok(!headerBlock(mail).includes(visitor.email), 'the visitor’s address is in no header');
    assert.equal(parsed.subject, 'Nouveau message de Camille Martin : T3 lumineux près du parc');

    const text = parsed.text!;
    for (const expected of ['T3 lumineux près du parc', 'Villeurbanne (69)', visitor.name, visitor.email, visitor.phone, visitor.message])
      assert.ok(text.includes(expected), `the text part holds ${expected}`);
    assert.match(text, /Prix : 250\s000\s€/u);
    assert.ok(text.includes(conversation), 'a link to the conversation in the pro space');
    assert.ok(text.includes(`https://annonces.example/listings/${serviceId}`));
    assert.match(text, /Un visiteur a écrit à votre agence/);

    const html = parsed.html as string;
    assert.match(html, /<html lang="fr">/);
    assert.ok(html.includes(`href="${conversation}"`));
    assert.ok(html.includes('&lt;b>merci&lt;/b>') && !html.includes('<b>merci'), 'the message is escaped in the HTML part');
    for (const part of [text, html, mail.raw]) assert.ok(!part.includes('rue Secrète'), 'the street address never leaves the service');
  }
});

test(`[${databaseKind}] a visitor name with CR/LF stays inside the subject: no Bcc, no extra recipient`, async () => {
  const serviceId = await publicListing(t, agency.live, 'MAIL-CRLF', { title: 'Maison de ville' });
  const before = smtp.received.length;
  const response = await contact(t, serviceId, { ...visitor, name: 'Eve\r\nBcc: x@y.example\r\nX-Evil: 1' }, '198.51.100.2');
  assert.equal(response.statusCode, 200, response.body);
  const mails = await newMails(before, 3);
  for (const mail of mails) {
    assert.equal(mail.envelope.to.length, 1);
    assert.ok([admin, agent, visitor.email].includes(mail.envelope.to[0]!));
    assert.equal(mail.parsed.headers.has('bcc'), false);
    assert.equal(mail.parsed.headers.has('x-evil'), false);
    assert.doesNotMatch(headerBlock(mail), /^(Bcc|X-Evil):/im);
  }
  assert.equal(toAgency(mails).length, 2);
  for (const mail of toAgency(mails))
    assert.equal(mail.parsed.subject, 'Nouveau message de Eve Bcc: x@y.example X-Evil: 1 : Maison de ville');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(smtp.received.length, before + 3, 'nobody else received it: the pro users and the visitor’s acknowledgement');
});

test(`[${databaseKind}] a refused contact (bad input, honeypot, rate limit) sends no mail`, async () => {
  const serviceId = await publicListing(t, agency.live, 'MAIL-REFUSED', { title: 'Studio refusé' });
  const rowsBefore = (await mailRows(t.db)).length;
  const bad = await contact(t, serviceId, { ...visitor, email: 'pas-une-adresse' }, '198.51.100.3');
  assert.equal(bad.statusCode, 400);
  const robot = await contact(t, serviceId, { ...visitor, website: 'http://spam.example' }, '198.51.100.3');
  assert.equal(robot.statusCode, 200);
  assert.equal((await mailRows(t.db)).length, rowsBefore, 'no mail for bad input or a robot');

  // The per-client limit: its allowance gives mails (two pro users and the acknowledgement each), the first refusal none.
  // Distinct e-mails: the address's limit is the one reached.
  const someone = () => ({ ...visitor, email: uniqueVisitorEmail() });
  for (let i = 0; i < CONTACT_LIMIT.limit; i++) assert.equal((await contact(t, serviceId, someone(), '198.51.100.4')).statusCode, 200);
  const allowed = (await mailRows(t.db)).length;
  assert.equal(allowed, rowsBefore + 3 * CONTACT_LIMIT.limit);
  const limited = await contact(t, serviceId, someone(), '198.51.100.4');
  assert.equal(limited.statusCode, 429);
  assert.equal((await mailRows(t.db)).length, allowed, 'a rate-limited contact writes no mail');
  await smtp.waitFor(allowed);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(smtp.received.length, allowed, 'and the server received exactly the allowed ones');
});

test(`[${databaseKind}] an agency without pro users (made by the operator API) gets no mail; the visitor still gets the acknowledgement`, async () => {
  const lonely = await t.agency();
  const serviceId = await publicListing(t, lonely.live, 'MAIL-NOUSER');
  const rowsBefore = (await mailRows(t.db)).length;
  const email = uniqueVisitorEmail();
  assert.equal((await contact(t, serviceId, { ...visitor, email }, '198.51.100.5')).statusCode, 200);
  assert.deepEqual(
    (await mailRows(t.db)).slice(rowsBefore).map((r) => r.to_address),
    [email],
  );
});
