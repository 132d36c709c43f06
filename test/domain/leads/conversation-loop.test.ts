import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { addProUser, startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../helpers/smtp.js';
import { privatePathIn, uniqueVisitorEmail, visitorPost } from '../../helpers/conversations.js';
import { replyAsAgency, fileLead } from '../../../src/domain/leads/agency-side.js';
import { blockVisitorOf } from '../../../src/domain/leads/block-list.js';
import { findLeadThread, recentLeads } from '../../../src/domain/leads/conversation-store.js';
import { threadReference } from '../../../src/domain/leads/conversation-mails.js';
import { proConversationPath } from '../../../src/domain/leads/links.js';
import type { AgencyEnv } from '../../../src/domain/tenant.js';

/**
 * docs/decisions.md §16, the whole loop through a real SMTP server: a visitor writes through the
 * site's form, the agency's pro user and the visitor are mailed; the agency answers (as a CRM
 * would, with a key); the visitor follows the private link of the mail and answers on the page;
 * the agency hears of it, threaded. Also the block list, CR/LF in names and HTML in messages.
 * The file has a database of its own: its job runner sends every mail it finds there.
 */
let t: TestApp;
let agency: TestAgency;
let scope: AgencyEnv;
let keyId: string;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;
const SITE = 'https://annonces.example';
const member = 'directrice@agence-parc.example';
const agencyEmail = 'contact@agence-parc.example';

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, SITE_URL: SITE } });
  agency = await t.agency({ plan: 'reseau', name: 'Agence du Parc' });
  scope = { agencyId: agency.agencyId, env: 'live' };
  await addProUser(t.db, agency.agencyId, member, 'admin');
  // The agency's own contact details exist; the visitor's page must never show them.
  await t.db.query('UPDATE agencies SET email = $2 WHERE id = $1', [agency.agencyId, agencyEmail]);
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE agency_id = $1 AND env = 'live'`, [agency.agencyId]);
  keyId = rows[0]!.id;
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const headerBlock = (mail: ReceivedMail) => mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
/** Waits for `count` more mails after the first `from`, then a little, to be sure no other comes. */
async function nextMails(from: number, count: number): Promise<ReceivedMail[]> {
  await smtp.waitFor(from + count);
  await sleep(300);
  const mails = smtp.received.slice(from);
  assert.equal(mails.length, count, `exactly ${count} mails: ${mails.map((m) => m.envelope.to.join()).join(' / ')}`);
  return mails;
}
/** The private link of the first mail to the visitor among `mails`. */
const linkTo = (mails: ReceivedMail[], address: string) => privatePathIn(mails.find((m) => m.envelope.to.includes(address))!.parsed.text!);
const to = (mails: ReceivedMail[], address: string) => {
  const found = mails.filter((m) => m.envelope.to.includes(address));
  assert.equal(found.length, 1, `one mail to ${address}`);
  return found[0]!;
};
const leadOf = async (email: string) =>
  (await t.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1 ORDER BY received_at DESC, id DESC LIMIT 1', [email])).rows[0]!
    .id;
const eventsOf = async (leadId: string) =>
  (
    await t.db.query<{ type: string }>(`SELECT type FROM events WHERE agency_id = $1 AND data->>'leadId' = $2 ORDER BY position`, [
      agency.agencyId,
      leadId,
    ])
  ).rows.map((r) => r.type);

test(`[${databaseKind}] contact → agency and visitor mailed; agency replies → visitor mailed, threaded; visitor answers on the private page → agency mailed, status new again`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LOOP-1', {
    title: 'T3 lumineux près du parc',
    price: 250000,
    city: 'Villeurbanne',
    postcode: '69100',
  });
  const visitor = {
    name: 'Camille Martin',
    email: uniqueVisitorEmail('camille'),
    phone: '06 11 22 33 44',
    message: 'Bonjour,\nest-il libre ?',
  };
  const start = smtp.received.length;

  // 1. The contact: the pro user's mail and the visitor's acknowledgement.
  const thanks = await contact(t, serviceId, visitor, '198.51.100.30');
  assert.equal(thanks.statusCode, 200);
  assert.match(thanks.body, /accusé de réception par e-mail, avec un lien privé/);
  const first = await nextMails(start, 2);
  const leadId = await leadOf(visitor.email);
  const reference = threadReference(leadId, t.config);
  const toMember = to(first, member);
  assert.equal(toMember.parsed.subject, 'Nouveau message de Camille Martin : T3 lumineux près du parc');
  assert.equal(toMember.parsed.replyTo, undefined, 'no Reply-To: the agency answers through the service');
  assert.ok(!headerBlock(toMember).includes(visitor.email), 'the visitor’s address is in no header of the agency’s mail');
  assert.match(toMember.parsed.html as string, /<html lang="fr">/);
  assert.ok(toMember.parsed.text!.includes(`${SITE}${proConversationPath(leadId)}`));
  const ack = to(first, visitor.email);
  assert.equal(ack.parsed.subject, 'Votre message à Agence du Parc : T3 lumineux près du parc');
  assert.match(ack.parsed.text!, /a bien été transmis à l’agence Agence du Parc/);
  assert.ok(ack.parsed.text!.includes(visitor.message), 'the visitor’s own message, for the record');
  assert.match(ack.parsed.html as string, /<html lang="fr">/);
  const ackPath = privatePathIn(ack.parsed.text!);
  assert.ok((ack.parsed.html as string).includes(`href="${SITE}${ackPath}"`), 'the same private link in the HTML part');
  assert.deepEqual(ack.parsed.references, reference, 'the acknowledgement opens the thread');
  assert.equal(ack.parsed.inReplyTo, undefined);
  assert.equal((ack.parsed.to as { value: Array<{ address: string }> }).value[0]!.address, visitor.email);
  assert.deepEqual(await eventsOf(leadId), ['lead.received']);

  // 2. The agency answers, as a CRM would with its key: the visitor's mail comes threaded.
  const answered = await replyAsAgency(
    t.db,
    scope,
    leadId,
    { kind: 'key', keyId },
    'Bonjour, oui : visite samedi à 10 h ?',
    new Date(),
    t.config,
  );
  assert.ok(answered.ok);
  assert.equal(answered.value.status, 'replied');
  const [answer] = await nextMails(start + 2, 1);
  assert.deepEqual(answer!.envelope.to, [visitor.email]);
  assert.equal(answer!.parsed.subject, 'Agence du Parc vous a répondu : T3 lumineux près du parc');
  assert.ok(answer!.parsed.text!.includes('Bonjour, oui : visite samedi à 10 h ?'));
  assert.deepEqual(answer!.parsed.references, ack.parsed.references, 'the same References as the acknowledgement');
  assert.equal(answer!.parsed.inReplyTo, reference);
  assert.notEqual(privatePathIn(answer!.parsed.text!), ackPath, 'each mail carries a fresh link');

  // 3. The visitor opens the acknowledgement's link (still valid) and answers on the page.
  const opened = await page(t, ackPath);
  assert.equal(opened.statusCode, 200);
  const mine = opened.body.indexOf('Bonjour,\nest-il libre ?');
  const theirs = opened.body.indexOf('Bonjour, oui : visite samedi à 10 h ?');
  assert.ok(mine > 0 && theirs > mine, 'both messages, oldest first');
  assert.match(opened.body, /<strong>Vous<\/strong>/);
  assert.match(opened.body, /<strong>Agence du Parc<\/strong>/);
  for (const secret of [agencyEmail, member, keyId])
    assert.ok(!opened.body.includes(secret), `the page never shows ${secret}: not the agency’s address, not who wrote`);
  const sent = await visitorPost(t, ackPath, { text: 'Samedi 10 h me convient, merci.' }, '198.51.100.31');
  assert.equal(sent.statusCode, 303);
  assert.equal(sent.headers.location, `${ackPath}?fait=envoye`);
  const confirmed = await page(t, sent.headers.location);
  assert.match(confirmed.body, /Votre message a été envoyé à l’agence/);
  assert.ok(confirmed.body.includes('Samedi 10 h me convient, merci.'));

  const [told] = await nextMails(start + 3, 1);
  assert.deepEqual(told!.envelope.to, [member], 'the agency hears of it; the visitor is not mailed their own reply');
  assert.equal(told!.parsed.subject, 'Réponse de Camille Martin : T3 lumineux près du parc');
  assert.ok(told!.parsed.text!.includes('Samedi 10 h me convient, merci.'));
  assert.equal(told!.parsed.inReplyTo, reference, 'threaded with the conversation');
  assert.equal(told!.parsed.replyTo, undefined);
  assert.equal((await findLeadThread(t.db, scope, leadId))?.status, 'new', 'a visitor’s answer makes it new again');
  assert.deepEqual(await eventsOf(leadId), ['lead.received', 'lead.message_received']);

  // 4. Statuses: filed by the agency, new again on the visitor's next message, replied on its answer.
  assert.equal((await fileLead(t.db, scope, leadId, 'archived', new Date())).ok, true);
  assert.equal((await findLeadThread(t.db, scope, leadId))?.status, 'archived');
  assert.equal((await visitorPost(t, ackPath, { text: 'Une question encore.' }, '198.51.100.31')).statusCode, 303);
  const thread = await findLeadThread(t.db, scope, leadId);
  assert.equal(thread?.status, 'new');
  assert.deepEqual(
    thread?.messages.map((m) => m.author),
    ['visitor', 'agency', 'visitor', 'visitor'],
  );
  assert.equal((await replyAsAgency(t.db, scope, leadId, { kind: 'key', keyId }, 'Bien sûr.', new Date(), t.config)).ok, true);
  assert.equal((await findLeadThread(t.db, scope, leadId))?.status, 'replied');
  await nextMails(start + 4, 2);
});

test(`[${databaseKind}] a blocked visitor's contact is thanked and acknowledged, but the agency is not mailed and never sees it; nor its answers`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LOOP-BLOCK', { title: 'Studio calme' });
  const email = uniqueVisitorEmail('bloque');
  const visitor = { name: 'Importun', email, message: 'Premier message' };
  const before = smtp.received.length;
  assert.equal((await contact(t, serviceId, visitor, '198.51.100.40')).statusCode, 200);
  const firstLead = await leadOf(email);
  await nextMails(before, 2); // before the block: the agency's mail and the acknowledgement
  assert.equal(await blockVisitorOf(t.db, scope, firstLead, member, new Date()), true);

  const start = smtp.received.length;
  const again = await contact(t, serviceId, { ...visitor, email: email.toUpperCase(), message: 'Encore moi' }, '198.51.100.41');
  assert.equal(again.statusCode, 200, 'the same thanks page as anyone');
  assert.match(again.body, /Message envoyé/);
  const [ack] = await nextMails(start, 1);
  assert.deepEqual(
    ack!.envelope.to.map((a) => a.toLowerCase()),
    [email],
    'the acknowledgement goes out; no mail to the agency',
  );
  const withheld = await leadOf(email.toUpperCase());
  assert.equal(await findLeadThread(t.db, scope, withheld), null, 'not found by the agency');
  const inbox = await recentLeads(t.db, scope, { limit: 100, offset: 0 });
  assert.ok(!inbox.leads.some((l) => l.leadId === withheld), 'not in the inbox');
  assert.deepEqual(await eventsOf(withheld), [], 'no event, so no webhook');

  // Its private page works for the visitor, and an answer there stays withheld too.
  const path = privatePathIn(ack!.parsed.text!);
  assert.equal((await visitorPost(t, path, { text: 'Vous êtes là ?' }, '198.51.100.41')).statusCode, 303);
  assert.match((await page(t, path)).body, /Vous êtes là \?/);
  await sleep(500);
  assert.equal(smtp.received.length, start + 1, 'still no mail to the agency');
  assert.deepEqual(await eventsOf(withheld), []);
});

test(`[${databaseKind}] CR/LF in the visitor's name never makes a header, in any mail of the conversation`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LOOP-CRLF', { title: 'Maison de ville' });
  const email = uniqueVisitorEmail('eve');
  const start = smtp.received.length;
  const name = 'Eve\r\nBcc: x@y.example\r\nX-Evil: 1';
  assert.equal((await contact(t, serviceId, { name, email, message: 'Bonjour' }, '198.51.100.50')).statusCode, 200);
  const leadId = await leadOf(email);
  assert.equal((await replyAsAgency(t.db, scope, leadId, { kind: 'key', keyId }, 'Bonjour Eve', new Date(), t.config)).ok, true);
  const path = linkTo(await nextMails(start, 3), email);
  assert.equal((await visitorPost(t, path, { text: 'Merci' }, '198.51.100.50')).statusCode, 303);
  const mails = await nextMails(start, 4);
  for (const mail of mails) {
    const headers = headerBlock(mail);
    // Header lines are `Name: value` or folded continuations (leading white space): none is injected.
    const names = headers
      .split('\r\n')
      .filter((line) => !/^[ \t]/.test(line))
      .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    assert.ok(!names.includes('bcc') && !names.includes('x-evil'), `no injected header in:\n${headers}`);
    assert.equal(mail.envelope.to.length, 1);
    assert.ok([member, email].includes(mail.envelope.to[0]!));
  }
  const visitorMails = mails.filter((m) => m.envelope.to[0] === email);
  assert.equal(visitorMails.length, 2);
  for (const mail of visitorMails) {
    const shownTo = (mail.parsed.to as { value: Array<{ address: string; name: string }> }).value;
    assert.deepEqual(
      shownTo.map((a) => a.address),
      [email],
    );
    assert.doesNotMatch(shownTo[0]!.name, /[\r\n]/);
  }
});

test(`[${databaseKind}] HTML in messages is kept and mailed as text, escaped in HTML parts and on the page`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LOOP-HTML', { title: 'Loft' });
  const email = uniqueVisitorEmail('html');
  const start = smtp.received.length;
  const contactText = 'Bonjour <img src=x onerror=alert(1)> & merci';
  assert.equal((await contact(t, serviceId, { name: 'Léa', email, message: contactText }, '198.51.100.60')).statusCode, 200);
  const leadId = await leadOf(email);
  const agencyText = 'Réponse <b>en gras</b> ?';
  assert.equal((await replyAsAgency(t.db, scope, leadId, { kind: 'key', keyId }, agencyText, new Date(), t.config)).ok, true);
  const firstMails = await nextMails(start, 3);
  const path = linkTo(firstMails, email);
  const visitorText = '<script>alert(1)</script> encore';
  assert.equal((await visitorPost(t, path, { text: visitorText }, '198.51.100.60')).statusCode, 303);
  const mails = await nextMails(start, 4);

  const { rows } = await t.db.query<{ body: string }>('SELECT body FROM lead_messages WHERE lead_id = $1 ORDER BY created_at, id', [
    leadId,
  ]);
  assert.deepEqual(
    rows.map((r) => r.body),
    [contactText, agencyText, visitorText],
    'stored as typed',
  );
  const escaped = {
    [contactText]: 'Bonjour &lt;img src=x onerror=alert(1)> &amp; merci',
    [agencyText]: 'Réponse &lt;b>en gras&lt;/b> ?',
    [visitorText]: '&lt;script>alert(1)&lt;/script> encore',
  };
  for (const mail of mails) {
    const html = mail.parsed.html as string;
    for (const [typed, safe] of Object.entries(escaped)) {
      if (mail.parsed.text!.includes(typed)) assert.ok(html.includes(safe), `escaped in the HTML part: ${safe}`);
    }
    assert.ok(!/<script>|<img src=x|<b>en gras/.test(html), 'no markup of a message in an HTML part');
  }
  const shown = (await page(t, path)).body;
  for (const safe of Object.values(escaped)) assert.ok(shown.includes(safe), `escaped on the page: ${safe}`);
  assert.ok(!/<script>|<img src=x|<b>en gras/.test(shown));
});
