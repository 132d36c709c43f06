import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { proBrowser, cookieOf, inviteByMail, postPublicForm } from '../../helpers/pro.js';
import { figures, tableRows, text } from '../../helpers/page-text.js';
import { deleteAsVisitor } from '../../../src/domain/leads/visitor-side.js';
import { agencyWithListing, inboxCounts, mailsTo, unique, visitorToken, visitorWrites } from './contacts-setup.js';

/**
 * The agency's side of the conversations in the pro space (docs/site-and-spaces.md, docs/decisions.md
 * §16), through HTTP: the inbox's counts and filters, opening marks read, replying mails the
 * visitor, a refused reply changes nothing, statuses, another agency's conversation, the old
 * `/pro/leads`. The CSV export, preferences and the block list are in contacts-settings.test.ts.
 */
const { t } = useTestApp();

const inboxNames = (html: string) => tableRows(html, 'Contacts de l’agence').map((row) => row[0]!.replace(/ · supprimée.*$/, ''));
const navUnread = (html: string) =>
  /<a href="\/pro\/contacts"[^>]*><span>Contacts<\/span> <span class="badge">(\d+)<\/span>/.exec(html)?.[1];

test(`[${databaseKind}] the inbox counts each status and the unread, filters by status and unread (archived left out by default), in plain GET links`, async () => {
  const agency = await agencyWithListing(t);
  const alix = await visitorWrites(t, agency.serviceId, { name: 'Alix' }, new Date(Date.now() - 3000));
  const basile = await visitorWrites(t, agency.serviceId, { name: 'Basile' }, new Date(Date.now() - 2000));
  const chloe = await visitorWrites(t, agency.serviceId, { name: 'Chloé' }, new Date(Date.now() - 1000));
  void alix;

  const first = await agency.browser.get('/pro/contacts');
  assert.equal(first.statusCode, 200);
  assert.deepEqual(inboxNames(first.body), ['Chloé', 'Basile', 'Alix'], 'latest message first');
  const row = tableRows(first.body, 'Contacts de l’agence')[0]!;
  assert.equal(row[1], `${agency.title} ${agency.externalId}`);
  assert.equal(row[3], 'nouveau');
  assert.equal(row[4], '1');
  assert.equal(navUnread(first.body), '3', 'the nav shows the unread conversations');

  // Basile is opened (read), Chloé archived.
  assert.equal((await agency.browser.get(`/pro/contacts/${basile.leadId}`)).statusCode, 200);
  const archived = await agency.browser.post(`/pro/contacts/${chloe.leadId}/status`, { status: 'archived' });
  assert.equal(archived.statusCode, 303);
  assert.equal(archived.headers.location, `/pro/contacts/${chloe.leadId}?fait=archived`);

  const inbox = await agency.browser.get('/pro/contacts');
  const shown = inboxCounts(inbox.body);
  assert.deepEqual(
    ['Nouveau', 'Lu', 'Répondu', 'Archivé', 'Contacts non lus'].map((label) => shown.get(label)),
    ['1', '1', '0', '1', '2'],
    'Chloé archived is still unread',
  );
  assert.deepEqual(inboxNames(inbox.body), ['Basile', 'Alix'], 'the default leaves archived conversations out');
  assert.deepEqual(
    tableRows(inbox.body, 'Contacts de l’agence').map((r) => [r[3], r[4]]),
    [
      ['lu', '0'],
      ['nouveau', '1'],
    ],
  );
  assert.match(inbox.body, /<option value="open" selected>non archivés \(2\)<\/option>/);
  assert.match(inbox.body, /<form method="get" action="\/pro\/contacts"/, 'the filters are a plain GET form');

  const all = await agency.browser.get('/pro/contacts?statut=all');
  assert.deepEqual(inboxNames(all.body), ['Chloé', 'Basile', 'Alix']);
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts?statut=archived')).body), ['Chloé']);
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts?statut=new')).body), ['Alix']);
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts?statut=read')).body), ['Basile']);
  assert.match(text((await agency.browser.get('/pro/contacts?statut=replied')).body), /Aucun contact pour ces filtres\./);
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts?nonlus=1')).body), ['Alix'], 'unread, not archived');
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts?statut=all&nonlus=1')).body), ['Chloé', 'Alix']);
  assert.match(all.body, /href="\/pro\/contacts\.csv\?statut=all"/, 'the export link carries the filters');

  const restored = await agency.browser.post(`/pro/contacts/${chloe.leadId}/status`, { status: 'read' });
  assert.equal(restored.headers.location, `/pro/contacts/${chloe.leadId}?fait=read`);
  assert.match(text((await agency.browser.get(restored.headers.location!)).body), /Contact désarchivé\./);
  assert.deepEqual(inboxNames((await agency.browser.get('/pro/contacts')).body), ['Chloé', 'Basile', 'Alix']);
});

test(`[${databaseKind}] the inbox pages by 50, filters kept in its links; a page past the end is a 404`, async () => {
  const agency = await agencyWithListing(t);
  const start = Date.now() - 60_000;
  for (let i = 0; i < 51; i++) await visitorWrites(t, agency.serviceId, { name: `Visiteur ${i}` }, new Date(start + i * 100));
  const first = await agency.browser.get('/pro/contacts?statut=new');
  assert.equal(tableRows(first.body, 'Contacts de l’agence').length, 50);
  assert.equal(inboxNames(first.body)[0], 'Visiteur 50');
  assert.match(text(first.body), /Page 1 sur 2/);
  assert.match(first.body, /href="\/pro\/contacts\?statut=new&page=2"/);
  const second = await agency.browser.get('/pro/contacts?statut=new&page=2');
  assert.deepEqual(inboxNames(second.body), ['Visiteur 0']);
  assert.equal((await agency.browser.get('/pro/contacts?page=3')).statusCode, 404);
});

test(`[${databaseKind}] opening a conversation shows the listing, the visitor and the thread, and marks it read: the counts drop`, async () => {
  const agency = await agencyWithListing(t);
  const dashboardBefore = await agency.browser.get('/pro');
  assert.equal(figures(dashboardBefore.body).get('Contacts non lus'), '0');
  const { leadId, email } = await visitorWrites(t, agency.serviceId, {
    name: 'Camille <b>Martin</b>',
    phone: '06 12 34 56 78',
    message: 'Bonjour,\nle parking est-il compris ? <script>alert(1)</script>',
  });
  const dashboard = await agency.browser.get('/pro');
  assert.match(dashboard.body, /Contacts non lus<\/dt>\s*<dd>\s*<a href="\/pro\/contacts">1/, 'the dashboard’s count links to the inbox');

  assert.equal(navUnread(dashboard.body), '1');
  const page = await agency.browser.get(`/pro/contacts/${leadId}`);
  assert.equal(page.statusCode, 200);
  assert.equal(navUnread(page.body), undefined, 'the page just opened counts it read already');
  const shown = text(page.body);
  assert.ok(shown.includes(`${agency.title} Référence ${agency.externalId}`), shown);
  assert.match(page.body, new RegExp(`<a href="${t.config.siteUrl}/listings/${agency.serviceId}">Voir la page publique</a>`));
  assert.ok(shown.includes(`Nom Camille <b>Martin</b> E-mail ${email} Téléphone 06 12 34 56 78`), 'the visitor, escaped');
  assert.ok(page.body.includes('&lt;script>alert(1)&lt;/script>'), 'the message is text');
  assert.ok(shown.includes('Statut : lu'), 'shown as it now stands');
  assert.match(shown, /Camille <b>Martin<\/b> \(visiteur\) \d\d\/\d\d\/\d{4} \d\d:\d\d Bonjour, le parking est-il compris \?/);
  assert.match(page.body, /<textarea id="f-text" name="text"/);

  const after = await agency.browser.get('/pro');
  assert.match(after.body, /Contacts non lus<\/dt>\s*<dd>\s*<a href="\/pro\/contacts">0/);
  assert.equal(navUnread(after.body), undefined, 'no count beside "Contacts" once all is read');
  assert.equal(tableRows((await agency.browser.get('/pro/contacts')).body, 'Contacts de l’agence')[0]![3], 'lu');
});

test(`[${databaseKind}] a reply mails the visitor with the text, files the conversation as replied and names the member who wrote it`, async () => {
  const agency = await agencyWithListing(t);
  const { leadId, email } = await visitorWrites(t, agency.serviceId, { name: 'Dominique' });
  const reply = 'Bonjour Dominique,\n\nle bien est disponible ; visite possible jeudi à 18 h.';
  const sent = await agency.browser.post(`/pro/contacts/${leadId}`, { text: reply });
  assert.equal(sent.statusCode, 303, sent.body.slice(0, 500));
  assert.equal(sent.headers.location, `/pro/contacts/${leadId}?fait=reponse`);

  const mails = await mailsTo(t, email);
  assert.equal(mails.length, 2, 'the acknowledgement, then the reply');
  assert.match(mails[1]!.subject, /vous a répondu/);
  assert.ok(mails[1]!.text_body.includes(reply), 'the reply’s text, as written');
  assert.ok(!mails[1]!.text_body.includes(agency.email), 'never the member’s address');

  const page = await agency.browser.get(sent.headers.location!);
  const shown = text(page.body);
  assert.ok(shown.includes('Votre réponse a été envoyée au visiteur par e-mail.'));
  assert.ok(shown.includes('Statut : répondu'));
  assert.ok(shown.includes(`Agence, par ${agency.email}`), 'which member wrote it');
  assert.deepEqual(
    [...page.body.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1]),
    ['Dominique (visiteur)', `Agence, par ${agency.email}`],
    'oldest first',
  );
  assert.equal(tableRows((await agency.browser.get('/pro/contacts')).body, 'Contacts de l’agence')[0]![3], 'répondu');
});

test(`[${databaseKind}] a refused reply (empty, too long) comes back 400 with its French message and the text typed; nothing written, no mail`, async () => {
  const agency = await agencyWithListing(t);
  const { leadId, email } = await visitorWrites(t, agency.serviceId, { name: 'Eden' });
  await agency.browser.get(`/pro/contacts/${leadId}`);
  const count = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_messages WHERE lead_id = $1', [leadId])).rows[0]!.n;

  const empty = await agency.browser.post(`/pro/contacts/${leadId}`, { text: '  \n ' });
  assert.equal(empty.statusCode, 400);
  assert.match(text(empty.body), /La réponse n’a pas été envoyée : Écrivez votre message\./);
  assert.match(empty.body, /aria-invalid="true"/);

  const long = `Un texte trop long <b>gras</b> ${'x'.repeat(5000)}`;
  const tooLong = await agency.browser.post(`/pro/contacts/${leadId}`, { text: long });
  assert.equal(tooLong.statusCode, 400);
  assert.match(text(tooLong.body), /Un message compte au plus 5 000 caractères \(celui-ci en compte 5 031\)\./);
  assert.ok(tooLong.body.includes(`>Un texte trop long &lt;b>gras&lt;/b> ${'x'.repeat(5000)}</textarea>`), 'what was typed, escaped');

  assert.equal(await count(), 1, 'only the visitor’s message');
  assert.equal((await mailsTo(t, email)).length, 1, 'only the acknowledgement');
  assert.match(text((await agency.browser.get(`/pro/contacts/${leadId}`)).body), /Statut : lu/);
});

test(`[${databaseKind}] "Marquer comme traité" files it as replied; a conversation the visitor deleted says so and takes no reply`, async () => {
  const agency = await agencyWithListing(t);
  const { leadId, email } = await visitorWrites(t, agency.serviceId, { name: 'Fanny', phone: '06 00 00 00 00' });
  const page = await agency.browser.get(`/pro/contacts/${leadId}`);
  assert.match(page.body, /<button type="submit" name="status" value="replied" class="secondary">Marquer comme traité<\/button>/);
  const handled = await agency.browser.post(`/pro/contacts/${leadId}/status`, { status: 'replied' });
  assert.equal(handled.statusCode, 303);
  assert.match(text((await agency.browser.get(handled.headers.location!)).body), /Statut : répondu/);

  assert.equal((await deleteAsVisitor(t.db, await visitorToken(t, email), new Date())).kind, 'open');
  const deleted = await agency.browser.get(`/pro/contacts/${leadId}`);
  assert.match(
    text(deleted.body),
    /Conversation supprimée par le visiteur le .*: tous ses messages, les réponses de l’agence comprises, et son téléphone sont effacés/,
  );
  assert.match(text(deleted.body), /Aucun message : le visiteur a effacé la conversation, réponses de l’agence comprises\./);
  assert.doesNotMatch(deleted.body, /<textarea/, 'no reply form');
  assert.doesNotMatch(deleted.body, /06 00 00 00 00/);
  assert.match(text(deleted.body), /vous ne pouvez plus lui répondre ici/);
  const inbox = await agency.browser.get('/pro/contacts');
  assert.match(tableRows(inbox.body, 'Contacts de l’agence')[0]![0]!, /^Fanny · supprimée par le visiteur$/);
  // The export's « Premier message » says why it is empty.
  const csv = (await agency.browser.get('/pro/contacts.csv?statut=all')).rawPayload.toString('utf8');
  const fanny = csv.split('\r\n').find((line) => line.includes('Fanny'));
  assert.match(fanny ?? csv, /"?\(effacé : conversation supprimée par le visiteur le \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)"?$/);

  // A form left open in another tab.
  const late = await agency.browser.post(`/pro/contacts/${leadId}`, { text: 'Toujours intéressé ?' });
  assert.equal(late.statusCode, 409);
  assert.match(text(late.body), /Le visiteur a supprimé cette conversation : elle ne prend plus de réponse\./);
  assert.equal((await mailsTo(t, email)).length, 1);
});

test(`[${databaseKind}] another agency's conversation is the pro space's 404 for every action; nothing changes`, async () => {
  const agency = await agencyWithListing(t);
  const other = await agencyWithListing(t);
  const { leadId, email } = await visitorWrites(t, agency.serviceId, { name: 'Gaspard' });
  for (const response of [
    await other.browser.get(`/pro/contacts/${leadId}`),
    await other.browser.post(`/pro/contacts/${leadId}`, { text: 'Bonjour' }),
    await other.browser.post(`/pro/contacts/${leadId}/status`, { status: 'archived' }),
    await other.browser.get(`/pro/contacts/${leadId}/block`),
    await other.browser.post(`/pro/contacts/${leadId}/block`),
    await other.browser.post(`/pro/contacts/${leadId}/unblock`),
  ]) {
    assert.equal(response.statusCode, 404);
    assert.match(response.body, /<h1>Contact introuvable<\/h1>/);
    assert.match(response.body, /aria-label="Espace pro"/, 'in the pro space’s frame');
  }
  const { rows } = await t.db.query<{ status: string; read_at: Date | null }>('SELECT status, read_at FROM leads WHERE id = $1', [leadId]);
  assert.deepEqual(rows[0], { status: 'new', read_at: null });
  assert.equal((await mailsTo(t, email)).length, 1);
  const blocked = await t.db.query('SELECT 1 FROM lead_blocked_emails WHERE email = $1', [email]);
  assert.equal(blocked.rows.length, 0);
});

test(`[${databaseKind}] the conversation's forms without the session's token are refused, nothing written`, async () => {
  const agency = await agencyWithListing(t);
  const { leadId, email } = await visitorWrites(t, agency.serviceId, { name: 'Hélène' });
  for (const [url, fields] of [
    [`/pro/contacts/${leadId}`, { text: 'Bonjour' }],
    [`/pro/contacts/${leadId}/status`, { status: 'archived' }],
    [`/pro/contacts/${leadId}/block`, {}],
    ['/pro/account/lead-mail', { leadMail: 'none' }],
  ] as const) {
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: agency.browser.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    assert.equal(refused.statusCode, 403, url);
    assert.match(refused.body, /Formulaire expiré/);
  }
  const { rows } = await t.db.query<{ status: string }>('SELECT status FROM leads WHERE id = $1', [leadId]);
  assert.equal(rows[0]!.status, 'new');
  assert.equal((await mailsTo(t, email)).length, 1);
  assert.equal((await t.db.query('SELECT 1 FROM lead_blocked_emails WHERE email = $1', [email])).rows.length, 0);
  const { rows: users } = await t.db.query<{ lead_mail: string }>('SELECT lead_mail FROM users WHERE email = $1', [agency.email]);
  assert.equal(users[0]!.lead_mail, 'each');
});

test(`[${databaseKind}] /pro/leads, linked from mails sent before the inbox, moves to /pro/contacts for good`, async () => {
  const moved = await t.app.inject({ method: 'GET', url: '/pro/leads' });
  assert.equal(moved.statusCode, 301);
  assert.equal(moved.headers.location, '/pro/contacts');
  const paged = await t.app.inject({ method: 'GET', url: '/pro/leads?page=2' });
  assert.equal(paged.headers.location, '/pro/contacts?page=2');
  const filtered = await t.app.inject({ method: 'GET', url: '/pro/leads?statut=archived&nonlus=1&page=3' });
  assert.equal(filtered.headers.location, '/pro/contacts?statut=archived&nonlus=1&page=3', 'the whole query, as the docs say');
  const odd = await t.app.inject({ method: 'GET', url: '/pro/leads?x=%0D%0ASet-Cookie:%20a' });
  assert.equal(odd.headers.location, '/pro/contacts?x=%0D%0ASet-Cookie%3A+a', 're-encoded: no line break reaches the header');
});

test(`[${databaseKind}] an agent reads, answers and files conversations like an admin`, async () => {
  const agency = await agencyWithListing(t);
  const { link } = await inviteByMail(t, agency.browser, 'agent', `agent-${unique()}@agence.example`);
  const joined = await postPublicForm(t, link, { password: 'mot de passe agent' });
  const agent = proBrowser(t, cookieOf(joined, 'ls_pro')!);
  const { leadId } = await visitorWrites(t, agency.serviceId, { name: 'Inès' });
  assert.equal((await agent.get('/pro/contacts')).statusCode, 200);
  assert.equal((await agent.get(`/pro/contacts/${leadId}`)).statusCode, 200);
  assert.equal((await agent.post(`/pro/contacts/${leadId}`, { text: 'Bonjour Inès' })).statusCode, 303);
  assert.equal((await agent.post(`/pro/contacts/${leadId}/status`, { status: 'archived' })).statusCode, 303);
  assert.equal((await agent.get('/pro/contacts.csv')).statusCode, 200);
  assert.equal((await agent.get('/pro/account')).statusCode, 200);
});

test(`[${databaseKind}] each inbox row shows the start of its latest message, whoever wrote it, and reading the inbox marks nothing read`, async () => {
  const agency = await agencyWithListing(t);
  const long = `Bonjour,\n\nnous cherchons un appartement pour la rentrée. ${'Est-il encore disponible et peut-on le visiter samedi ? '.repeat(4)}`;
  await visitorWrites(t, agency.serviceId, { name: 'Inès', message: long });
  const answered = await visitorWrites(t, agency.serviceId, { name: 'Jules', message: 'Libre en juin ?' });
  const reply = await agency.browser.post(`/pro/contacts/${answered.leadId}`, { text: 'Oui, dès le 1er juin.' });
  assert.equal(reply.statusCode, 303);

  const inbox = await agency.browser.get('/pro/contacts');
  const rows = new Map(tableRows(inbox.body, 'Contacts de l’agence').map((row) => [row[0]!, row]));
  const ines = rows.get('Inès')!;
  assert.match(ines[2]!, /Bonjour, nous cherchons un appartement pour la rentrée\. Est-il encore disponible/, 'blank lines folded');
  assert.match(ines[2]!, /…$/, 'cut with an ellipsis');
  assert.ok(ines[2]!.length < 200, ines[2]);
  assert.match(rows.get('Jules')![2]!, /Agence : Oui, dès le 1er juin\.$/);
  assert.equal(ines[4], '1', 'still unread: the excerpt is read without opening the conversation');
  assert.match(inbox.body, /<th scope="col">Messages non lus<\/th>/);
});
