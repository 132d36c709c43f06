import { test } from 'node:test';
import { frenchWhole } from '../../../src/platform/french-numbers.js';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { addProUser } from '../../helpers/smtp.js';
import { latestPrivatePath, uniqueVisitorEmail, visitorPost } from '../../helpers/conversations.js';
import { replyAsAgency } from '../../../src/domain/leads/agency-side.js';
import { findLeadThread } from '../../../src/domain/leads/conversation-store.js';
import { MESSAGE_MAX } from '../../../src/domain/leads/lead-input.js';
import { CONTACT_EMAIL_LIMIT, CONTACT_LIMIT } from '../../../src/domain/leads/visitor-limits.js';

/**
 * docs/site-and-spaces.md "The visitor's private page": `/messages/{token}` shows the thread,
 * takes a reply, deletes the conversation; what it answers for unknown, tampered and deleted
 * links, refused texts and limits; its headers. Mails are kept in the mailbox (no SMTP_URL):
 * the link is read from the acknowledgement's text. The page cache is on here (60 s): the
 * private page must never come from it.
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau', name: 'Agence des Tilleuls' }, env: { SITE_CACHE_MS: '60000' } });
const member = `membre-${Math.random().toString(36).slice(2, 8)}@tilleuls.example`;
let counter = 0;
let memberAdded = false;

/** An address no other test (or file, on a shared database) uses: limits count per address. */
const address = () => `2001:db8::${Math.random().toString(16).slice(2, 6)}:${++counter}`;

/** A conversation opened through the site's form; its private page's path. */
async function conversation(overrides: Record<string, unknown> = {}, message = 'Bonjour, est-il libre ?') {
  if (!memberAdded) await addProUser(t.db, agency.agencyId, member);
  memberAdded = true;
  const serviceId = await publicListing(t, agency.live, `PRIV-${++counter}`, { title: 'T2 près des Tilleuls', ...overrides });
  const email = uniqueVisitorEmail();
  const sent = await contact(t, serviceId, { name: 'Camille Martin', email, phone: '06 11 22 33 44', message }, address());
  assert.equal(sent.statusCode, 200, sent.body);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [email]);
  return { serviceId, email, leadId: rows[0]!.id, path: await latestPrivatePath(t.db, email) };
}

const scope = () => ({ agencyId: agency.agencyId, env: 'live' as const });
const messageCount = async (leadId: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_messages WHERE lead_id = $1', [leadId])).rows[0]!.n;
const mailCount = async (...addresses: string[]) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mails WHERE to_address = ANY($1::text[])', [addresses])).rows[0]!.n;

function assertPrivateHeaders(response: { headers: Record<string, unknown> }, what: string) {
  assert.equal(response.headers['cache-control'], 'no-store', `${what}: never stored`);
  assert.equal(response.headers['referrer-policy'], 'no-referrer', `${what}: the token never leaves as a Referer`);
  assert.match(String(response.headers['x-robots-tag']), /^noindex\b/, `${what}: never indexed`);
}

test(`[${databaseKind}] the page shows the listing, the agency's name and the messages oldest first, French dates; private headers; never cached`, async () => {
  const { path, serviceId, leadId } = await conversation({ price: 245000, city: 'Lyon', postcode: '69003' });
  const agencyReply = await replyAsAgency(
    t.db,
    scope(),
    leadId,
    { kind: 'user', userId: 'usr_x' },
    'Oui, il est libre.',
    new Date(),
    t.config,
  );
  assert.ok(agencyReply.ok);
  const shown = await page(t, path);
  assert.equal(shown.statusCode, 200);
  assertPrivateHeaders(shown, 'the page');
  assert.match(shown.body, /<html lang="fr">/);
  assert.match(shown.body, /<meta name="robots" content="noindex/);
  assert.match(shown.body, /<h1>Votre conversation avec Agence des Tilleuls<\/h1>/);
  assert.match(shown.body, new RegExp(`<a href="/listings/${serviceId}" rel="noreferrer">T2 près des Tilleuls</a>`));
  assert.match(shown.body, /245\s000\s€/u);
  assert.match(shown.body, /Lyon 3e \(69\)/);
  const first = shown.body.indexOf('Bonjour, est-il libre ?');
  const second = shown.body.indexOf('Oui, il est libre.');
  assert.ok(first > 0 && second > first, 'oldest first');
  assert.match(shown.body, /<strong>Vous<\/strong> <time datetime="[^"]+">le \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}<\/time>/u);
  assert.match(shown.body, /<strong>Agence des Tilleuls<\/strong>/);
  assert.ok(!shown.body.includes(member), 'not the agency’s members');
  assert.match(shown.body, new RegExp(`<form method="post" action="${path}"`));
  assert.match(shown.body, /<textarea id="f-text" name="text" required maxlength="5000"/);
  assert.match(shown.body, new RegExp(`<a href="${path}/delete">Supprimer la conversation</a>`));

  // With the page cache on, a reply shows at once: the private page is never kept.
  assert.equal((await visitorPost(t, path, { text: 'Je passe samedi.' }, address())).statusCode, 303);
  assert.ok((await page(t, path)).body.includes('Je passe samedi.'));
});

test(`[${databaseKind}] a listing no longer on the site is said so, and its title not linked`, async () => {
  const { path, serviceId } = await conversation();
  await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'sold' });
  const shown = await page(t, path);
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /Cette annonce n’est plus en ligne/);
  assert.ok(!shown.body.includes(`/listings/${serviceId}`));
});

test(`[${databaseKind}] an unknown, malformed or tampered token gets the 404 page; nothing is written`, async () => {
  const { path, leadId } = await conversation();
  const token = path.slice('/messages/'.length);
  const tampered = `/messages/${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
  for (const url of [tampered, '/messages/abc', `/messages/${'A'.repeat(43)}`, `${tampered}/delete`]) {
    const shown = await page(t, url);
    assert.equal(shown.statusCode, 404, url);
    assert.match(shown.body, /Page introuvable/);
    assertPrivateHeaders(shown, url);
  }
  assert.equal((await visitorPost(t, tampered, { text: 'Bonjour' }, address())).statusCode, 404);
  assert.equal((await visitorPost(t, `${tampered}/delete`, {}, address())).statusCode, 404);
  assert.equal(await messageCount(leadId), 1);
  assert.equal((await page(t, path)).statusCode, 200, 'the real link still opens');
});

test(`[${databaseKind}] a refused text shows the page again (400) with the message, what was typed and the focus on the summary; no row, no mail`, async () => {
  const { path, leadId, email } = await conversation();
  const mailsBefore = await mailCount(member, email);
  const empty = await visitorPost(t, path, { text: '  \n ' }, address());
  assert.equal(empty.statusCode, 400);
  assertPrivateHeaders(empty, 'a refused reply');
  assert.match(empty.body, /<title>Erreur : /);
  assert.match(empty.body, /<div class="notice" role="alert" id="erreurs" tabindex="-1" autofocus>/);
  assert.match(empty.body, /Votre réponse n’est pas partie/);
  assert.match(empty.body, /<a href="#f-text">Écrivez votre message\.<\/a>/);
  assert.match(empty.body, /aria-invalid="true" aria-describedby="e-text"/);

  const long = `<b>Long</b> ${'a'.repeat(MESSAGE_MAX)}`;
  const tooLong = await visitorPost(t, path, { text: long }, address());
  assert.equal(tooLong.statusCode, 400);
  assert.match(
    tooLong.body,
    new RegExp(`Un message compte au plus ${frenchWhole(MESSAGE_MAX)} caractères \\(celui-ci en compte ${frenchWhole(long.length)}\\)`),
  );
  assert.ok(tooLong.body.includes(`&lt;b>Long&lt;/b> ${'a'.repeat(MESSAGE_MAX)}`), 'what was typed, escaped');

  const json = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ text: 'Bonjour' }),
    remoteAddress: address(),
  });
  assert.equal(json.statusCode, 415);
  assert.match(json.body, /Formulaire non reconnu/);
  const huge = await visitorPost(t, path, { text: 'é'.repeat(10_000) }, address());
  assert.equal(huge.statusCode, 413);
  assert.match(huge.body, /Message trop long/);

  assert.equal(await messageCount(leadId), 1, 'no message row');
  assert.equal(await mailCount(member, email), mailsBefore, 'no mail');
});

test(`[${databaseKind}] ${CONTACT_EMAIL_LIMIT.limit} messages an hour per visitor e-mail, contacts and replies together: the next is refused (429), another visitor is not`, async () => {
  const { path, email, serviceId, leadId } = await conversation();
  // The contact counted one; replies from ever new addresses make it ten.
  for (let i = 1; i < CONTACT_EMAIL_LIMIT.limit; i++)
    assert.equal((await visitorPost(t, path, { text: `Message ${i}` }, address())).statusCode, 303, `reply ${i}`);
  const refused = await visitorPost(t, path, { text: 'Un de trop' }, address());
  assert.equal(refused.statusCode, 429);
  assert.match(refused.body, /Trop de messages envoyés/);
  assertPrivateHeaders(refused, 'the 429 page');
  const retryAfter = Number(refused.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${refused.headers['retry-after']}`);
  const again = await contact(t, serviceId, { name: 'Camille', email, message: 'Par le formulaire' }, address());
  assert.equal(again.statusCode, 429, 'a contact with the same e-mail too');
  assert.equal(await messageCount(leadId), CONTACT_EMAIL_LIMIT.limit);
  const other = await contact(t, serviceId, { name: 'Léa', email: uniqueVisitorEmail(), message: 'Bonjour' }, address());
  assert.equal(other.statusCode, 200, 'another e-mail from another address');
});

test(`[${databaseKind}] ${CONTACT_LIMIT.limit} messages an hour per address, contacts and replies together: the next is refused (429)`, async () => {
  const one = address();
  const conversations = [];
  for (let i = 0; i < 5; i++) conversations.push(await conversation());
  // Five contacts from elsewhere opened them; now one address writes ten replies across them.
  for (let i = 0; i < CONTACT_LIMIT.limit; i++)
    assert.equal((await visitorPost(t, conversations[i % 5]!.path, { text: `Réponse ${i}` }, one)).statusCode, 303, `reply ${i + 1}`);
  assert.equal((await visitorPost(t, conversations[0]!.path, { text: 'Un de trop' }, one)).statusCode, 429);
  const serviceId = conversations[0]!.serviceId;
  const contactFromThere = await contact(t, serviceId, { name: 'Zoé', email: uniqueVisitorEmail(), message: 'Bonjour' }, one);
  assert.equal(contactFromThere.statusCode, 429, 'a contact from that address too');
  assert.equal((await visitorPost(t, conversations[1]!.path, { text: 'D’ailleurs' }, address())).statusCode, 303, 'another address');
});

test(`[${databaseKind}] deleting: a confirmation step, then a French page; the messages and phone are erased, and every link then answers 410`, async () => {
  const { path, leadId, email } = await conversation();
  const answered = await replyAsAgency(t.db, scope(), leadId, { kind: 'user', userId: 'usr_x' }, 'Bonjour', new Date(), t.config);
  assert.ok(answered.ok);
  const replyLink = await latestPrivatePath(t.db, email);
  assert.notEqual(replyLink, path);

  const confirm = await page(t, `${path}/delete`);
  assert.equal(confirm.statusCode, 200);
  assertPrivateHeaders(confirm, 'the confirmation');
  assert.match(confirm.body, /Supprimer la conversation \?/);
  assert.match(confirm.body, new RegExp(`<form method="post" action="${path}/delete"`));
  assert.match(confirm.body, new RegExp(`<a href="${path}">Annuler et revenir à la conversation</a>`));
  assert.equal(await messageCount(leadId), 2, 'the confirmation deletes nothing');

  const deleted = await visitorPost(t, `${path}/delete`, {});
  assert.equal(deleted.statusCode, 200);
  assertPrivateHeaders(deleted, 'the deletion');
  assert.match(deleted.body, /Conversation supprimée/);
  assert.equal(await messageCount(leadId), 0, 'messages erased');
  const { rows } = await t.db.query<{ name: string; email: string; phone: string | null }>(
    'SELECT name, email, phone FROM leads WHERE id = $1',
    [leadId],
  );
  assert.deepEqual(rows, [{ name: 'Camille Martin', email, phone: null }], 'the phone erased; name and e-mail stay');
  assert.ok((await findLeadThread(t.db, scope(), leadId))?.deletedByVisitor, 'the agency sees it was deleted');

  for (const link of [path, replyLink, `${path}/delete`]) {
    const gone = await page(t, link);
    assert.equal(gone.statusCode, 410, link);
    assert.match(gone.body, /Cette conversation a été supprimée/);
    assertPrivateHeaders(gone, link);
  }
  assert.equal((await visitorPost(t, path, { text: 'Encore ?' }, address())).statusCode, 410);
  assert.equal((await visitorPost(t, `${path}/delete`, {})).statusCode, 410);
  assert.equal(await messageCount(leadId), 0);
  const late = await replyAsAgency(t.db, scope(), leadId, { kind: 'user', userId: 'usr_x' }, 'Toujours là ?', new Date(), t.config);
  assert.equal(late.ok ? 'ok' : late.code, 'conflict', 'the agency can no longer write');
});
