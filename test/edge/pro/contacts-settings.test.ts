import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { tableRows, text } from '../../helpers/page-text.js';
import { agencyWithListing, mailsTo, unique, visitorWrites } from './contacts-setup.js';

/**
 * The inbox's CSV export, each member's mail preference and the agency's block list
 * (docs/site-and-spaces.md), through HTTP; visitors write through the site's capability.
 */
const { t } = useTestApp();

const inboxNames = (html: string) => tableRows(html, 'Contacts de l’agence').map((row) => row[0]!);
const newsFor = async (address: string) => (await mailsTo(t, address)).filter((mail) => /^Nouveau message de /.test(mail.subject));

test(`[${databaseKind}] the CSV export: BOM, ";" and CRLF, French headers, quoting, formulas neutralised, the inbox's filters`, async () => {
  const agency = await agencyWithListing(t, 'Maison "les Tilleuls"; jardin');
  const tricky = await visitorWrites(
    t,
    agency.serviceId,
    { name: 'Dupont; "Jo"\nMartin', phone: '+33 6 12 34 56 78', message: "=cmd|' /C calc'!A0" },
    new Date('2026-03-14T08:05:00Z'),
  );
  const archived = await visitorWrites(t, agency.serviceId, { name: 'Archivé', message: '@SUM(1+1)' }, new Date('2026-03-10T10:00:00Z'));
  assert.equal((await agency.browser.post(`/pro/contacts/${archived.leadId}/status`, { status: 'archived' })).statusCode, 303);
  assert.equal((await agency.browser.post(`/pro/contacts/${tricky.leadId}`, { text: 'Bonjour, oui.' })).statusCode, 303);
  const { rows } = await t.db.query<{ last_message_at: Date }>('SELECT last_message_at FROM leads WHERE id = $1', [tricky.leadId]);
  const paris = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

  const inbox = await agency.browser.get('/pro/contacts');
  assert.match(inbox.body, /<a href="\/pro\/contacts\.csv">Exporter ces contacts \(CSV\)<\/a>/);
  const csv = await agency.browser.get('/pro/contacts.csv');
  assert.equal(csv.statusCode, 200);
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  assert.equal(csv.headers['content-disposition'], `attachment; filename="contacts-${today}.csv"`);
  const bytes = csv.rawPayload;
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with its byte-order mark');
  assert.equal(
    bytes.subarray(3).toString('utf8'),
    'Date du premier message;Date du dernier message;Statut;Nom;E-mail;Téléphone;Annonce;Référence;Nombre de messages;Premier message\r\n' +
      `2026-03-14 09:05;${paris.format(rows[0]!.last_message_at)};répondu;"Dupont; ""Jo""\nMartin";${tricky.email};'+33 6 12 34 56 78;` +
      `"${agency.title.replaceAll('"', '""')}";${agency.externalId};2;'=cmd|' /C calc'!A0\r\n`,
    'the archived conversation is left out, as in the inbox',
  );

  const all = (await agency.browser.get('/pro/contacts.csv?statut=all')).rawPayload.toString('utf8');
  assert.equal(all.split('\r\n').length, 4, 'a header, two lines, and the last CRLF');
  assert.ok(
    all.endsWith(`;archivé;Archivé;${archived.email};;"${agency.title.replaceAll('"', '""')}";${agency.externalId};1;'@SUM(1+1)\r\n`),
  );
  const archivedOnly = (await agency.browser.get('/pro/contacts.csv?statut=archived')).rawPayload.toString('utf8');
  assert.equal(archivedOnly.split('\r\n').length, 3);
});

test(`[${databaseKind}] each member chooses how they hear of visitors' messages: "none" and the digest send nothing at once`, async () => {
  const agency = await agencyWithListing(t);
  const account = await agency.browser.get('/pro/account');
  assert.equal(account.statusCode, 200);
  assert.match(account.body, /<input type="radio" name="leadMail" value="each" checked\/>/, 'each message, by default');
  assert.match(text(account.body), /À chaque message \(par défaut\) Un résumé quotidien à 8 h Jamais/);

  await visitorWrites(t, agency.serviceId, { name: 'Avant' });
  assert.equal((await newsFor(agency.email)).length, 1, 'told of the message');

  const saved = await agency.browser.post('/pro/account/lead-mail', { leadMail: 'none' });
  assert.equal(saved.statusCode, 303);
  const shown = await agency.browser.get(saved.headers.location!);
  assert.match(shown.body, /value="none" checked/);
  assert.match(text(shown.body), /Préférence enregistrée\./);
  await visitorWrites(t, agency.serviceId, { name: 'Après' });
  assert.equal((await newsFor(agency.email)).length, 1, 'no mail for the next contact');
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts')).body), ['Après', 'Avant'], 'the inbox still shows it');

  await agency.browser.post('/pro/account/lead-mail', { leadMail: 'digest' });
  assert.match((await agency.browser.get('/pro/account')).body, /value="digest" checked/);
  await visitorWrites(t, agency.serviceId, { name: 'Résumé' });
  assert.equal((await newsFor(agency.email)).length, 1, 'the digest comes at 8 h, not now');

  const refused = await agency.browser.post('/pro/account/lead-mail', { leadMail: 'weekly' });
  assert.equal(refused.statusCode, 400);
});

test(`[${databaseKind}] blocking a visitor after a confirmation withholds its next contacts; the account page lists it and unblocks it`, async () => {
  const agency = await agencyWithListing(t);
  const email = `bloque-${unique()}@example.org`;
  const { leadId } = await visitorWrites(t, agency.serviceId, { name: 'Insistant', email });
  const page = await agency.browser.get(`/pro/contacts/${leadId}`);
  assert.match(page.body, new RegExp(`<a href="/pro/contacts/${leadId}/block">Bloquer ce visiteur…</a>`));
  const confirm = await agency.browser.get(`/pro/contacts/${leadId}/block`);
  assert.equal(confirm.statusCode, 200);
  assert.match(text(confirm.body), new RegExp(`Les prochains messages de ${email} ne vous parviendront plus`));
  const blocked = await agency.browser.post(`/pro/contacts/${leadId}/block`);
  assert.equal(blocked.statusCode, 303);
  const after = text((await agency.browser.get(blocked.headers.location!)).body);
  assert.match(after, /Visiteur bloqué : ses prochains messages ne vous parviendront pas\./);
  assert.match(after, /Visiteur bloqué : ses prochains messages ne vous parviennent pas\. Débloquer/);

  const newsBefore = (await newsFor(agency.email)).length;
  await visitorWrites(t, agency.serviceId, { name: 'Insistant encore', email: email.toUpperCase() });
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts?statut=all')).body), ['Insistant'], 'the new contact is withheld');
  assert.equal((await newsFor(agency.email)).length, newsBefore, 'and no mail tells of it');

  const account = await agency.browser.get('/pro/account');
  const list = tableRows(account.body, 'Visiteurs bloqués');
  assert.equal(list.length, 1);
  assert.equal(list[0]![0], email);
  assert.match(account.body, new RegExp(`aria-label="Débloquer ${email}"`));
  const unblocked = await agency.browser.post('/pro/account/unblock', { email });
  assert.equal(unblocked.statusCode, 303);
  assert.match(text((await agency.browser.get(unblocked.headers.location!)).body), /Visiteur débloqué .* Aucun visiteur bloqué\./);
  await visitorWrites(t, agency.serviceId, { name: 'Revenu', email });
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts')).body), ['Revenu', 'Insistant']);

  // And from the conversation itself.
  await agency.browser.post(`/pro/contacts/${leadId}/block`);
  const again = await agency.browser.post(`/pro/contacts/${leadId}/unblock`);
  assert.equal(again.headers.location, `/pro/contacts/${leadId}?fait=debloque`);
  assert.match(text((await agency.browser.get(again.headers.location!)).body), /Bloquer ce visiteur…/);
  assert.match(text((await agency.browser.get('/pro/account')).body), /Aucun visiteur bloqué\./);
});
