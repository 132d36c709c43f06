import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { addProUser, mailRows, mailsSettled } from '../../helpers/smtp.js';

/**
 * docs/decisions.md §16: without SMTP_URL mails are kept in PostgreSQL and shown at
 * /dev/mailbox, newest first; the page exists only while SMTP_URL is unset.
 */
let t: TestApp;
let agency: TestAgency;
let closeDatabase: () => Promise<void>;
const user = 'accueil@agence-mailbox.example';

before(async () => {
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SITE_URL: 'https://annonces.example' } });
  agency = await t.agency();
  await addProUser(t.db, agency.agencyId, user, 'admin');
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
});

const visitor = { name: 'Camille Martin', email: 'camille@example.org', message: 'Bonjour <script>alert(1)</script>' };
const mailLinks = (html: string) => [...html.matchAll(/href="\/dev\/mailbox\/(\d+)"/g)].map((m) => m[1]!);

test(`[${databaseKind}] a contact's mail is kept in the mailbox at once: listed newest first, readable, its HTML sandboxed`, async () => {
  const first = await publicListing(t, agency.live, 'BOX-1', { title: 'Loft sur les quais', addressLine: '3 impasse Cachée' });
  const second = await publicListing(t, agency.live, 'BOX-2', { title: 'Maison avec jardin' });
  assert.equal((await contact(t, first, visitor, '198.51.100.30')).statusCode, 200);
  assert.equal((await contact(t, second, visitor, '198.51.100.31')).statusCode, 200);
  const all = await mailsSettled(t.db);
  assert.deepEqual(
    all.map((r) => r.state),
    ['kept', 'kept', 'kept', 'kept'],
    'the job marks them delivered to the mailbox: for each contact, the agency’s mail and the visitor’s acknowledgement',
  );
  const rows = all.filter((r) => r.to_address === user);
  assert.equal(rows.length, 2);

  const list = await page(t, '/dev/mailbox');
  assert.equal(list.statusCode, 200);
  assert.match(list.headers['content-type'] as string, /text\/html/);
  assert.match(list.body, /<html lang="fr">/);
  assert.match(list.body, /Boîte aux lettres de développement/);
  assert.deepEqual(mailLinks(list.body), all.map((r) => String(r.id)).reverse(), 'newest first');
  assert.ok(list.body.includes(user));
  assert.ok(list.body.includes('Nouveau message de Camille Martin : Maison avec jardin'));

  const shown = await page(t, `/dev/mailbox/${rows[0]!.id}`);
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /<dt>From<\/dt>\s*<dd[^>]*>&#34;Annonces&#34; &lt;no-reply@annonces.example></);
  assert.match(shown.body, new RegExp(`<dt>To</dt>\\s*<dd[^>]*>${user}</dd>`));
  assert.ok(shown.body.includes(`>${rows[0]!.message_id.replace('<', '&lt;')}</dd>`), 'its Message-ID');
  assert.doesNotMatch(shown.body, /<dt>Reply-To<\/dt>/);
  assert.match(shown.body, /<iframe[^>]*sandbox=""[^>]*srcdoc="/, 'the HTML part in a frame where nothing runs');
  assert.ok(!/<script/i.test(shown.body), 'no script reaches the page, escaped twice (in the mail, then in srcdoc)');
  assert.ok(
    shown.body.includes('&amp;lt;script>alert(1)&amp;lt;/script>'),
    'the message escaped in the mail, and again in the attribute: the frame shows it as text',
  );
  assert.match(shown.body, /<pre class="mail-text"[^>]*>[^<]*Un visiteur a écrit à votre agence/, 'the text part');
  assert.ok(!shown.body.includes('impasse Cachée'), 'no street address');
});

test(`[${databaseKind}] a visitor name with CR/LF gives no extra header in the kept mail`, async () => {
  const serviceId = await publicListing(t, agency.live, 'BOX-CRLF', { title: 'Studio' });
  assert.equal((await contact(t, serviceId, { ...visitor, name: 'Eve\r\nBcc: x@y.example' }, '198.51.100.32')).statusCode, 200);
  const rows = await mailsSettled(t.db);
  const kept = rows.filter((r) => r.to_address === user).at(-1)!;
  assert.equal(kept.subject, 'Nouveau message de Eve Bcc: x@y.example : Studio');
  const shown = await page(t, `/dev/mailbox/${kept.id}`);
  assert.deepEqual(
    [...shown.body.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1]),
    ['From', 'To', 'Subject', 'Date', 'Message-ID', 'References'],
    'the conversation’s thread reference, and no header made of the name',
  );
});

test(`[${databaseKind}] an unknown mail is a 404 page`, async () => {
  for (const id of ['999999', 'abc', '0']) {
    const response = await page(t, `/dev/mailbox/${id}`);
    assert.equal(response.statusCode, 404, id);
    assert.match(response.body, /E-mail introuvable/);
  }
});

test(`[${databaseKind}] with SMTP_URL set the mailbox does not exist`, async () => {
  const sending = await createTestApp({ db: t.db, env: { SMTP_URL: 'smtp://127.0.0.1:9', WORKER: '0' } });
  try {
    const [kept] = await mailRows(t.db);
    for (const url of ['/dev/mailbox', `/dev/mailbox/${kept!.id}`]) {
      const response = await page(sending, url);
      assert.equal(response.statusCode, 404, url);
      assert.ok(!response.body.includes('Boîte aux lettres'), url);
    }
  } finally {
    await sending.close();
  }
});

test(`[${databaseKind}] the mailbox answers this machine only: another address gets a 404, unless DEV_MAILBOX_OPEN=1`, async () => {
  const from = (remoteAddress: string, app = t.app) => app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
  assert.equal((await from('127.0.0.1')).statusCode, 200);
  assert.equal((await from('::1')).statusCode, 200);
  assert.equal((await from('::ffff:127.0.0.1')).statusCode, 200);
  for (const stranger of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.3']) {
    const answer = await from(stranger);
    assert.equal(answer.statusCode, 404, stranger);
    assert.doesNotMatch(answer.body, /Camille|\/messages\//, `${stranger} sees no mail`);
  }
  const open = await createTestApp({ db: t.db, env: { SITE_URL: 'https://annonces.example', DEV_MAILBOX_OPEN: '1' } });
  try {
    assert.equal((await from('203.0.113.7', open.app)).statusCode, 200);
  } finally {
    await open.close();
  }
});
