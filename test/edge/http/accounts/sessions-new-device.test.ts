import { after, before, test } from 'node:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { isolatedTestDatabase } from '../../../helpers/database.js';
import { cookieOf, hiddenToken, mailReceived, signUpAgency } from '../../../helpers/pro.js';
import { createOperator } from '../../../helpers/back-office.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../helpers/smtp.js';
import { selfSignedCertificate } from '../../../helpers/tls.js';
import { frenchDateTime } from '../../../../src/platform/calendar/french-time.js';
import { auditOf, FIREFOX, SAFARI_IPHONE, signInAs } from './sessions-setup.js';

/**
 * A sign-in from a new browser (docs/accounts.md, "New devices"), through HTTP and a real SMTP
 * server: the device cookie, the mail to the account's owner (device, network, time, and a link
 * that ends THAT session), the link's page signed out, single use, and the audit log. The file
 * has a database of its own: its job runner sends every mail it finds there.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;
const SITE = 'https://annonces.example';

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, SITE_URL: SITE } });
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `count` more mails after the first `from`, then a little, to be sure no other comes. */
async function nextMails(from: number, count: number): Promise<ReceivedMail[]> {
  if (count > 0) await smtp.waitFor(from + count);
  await sleep(400);
  const mails = smtp.received.slice(from);
  assert.equal(mails.length, count, `exactly ${count} mails: ${mails.map((m) => m.parsed.subject).join(' / ')}`);
  return mails;
}
const endLinkIn = (mail: ReceivedMail, base: string) => {
  const link = new RegExp(`${SITE}(${base}/sessions/end/[A-Za-z0-9_-]{43})`).exec(mail.parsed.text ?? '')?.[1];
  assert.ok(link, `the mail links to ${base}/sessions/end/…`);
  assert.ok(String(mail.parsed.html).includes(`href="${SITE}${link}"`), 'the HTML part has the same link');
  return link;
};

test('a sign-in from a browser without a known device cookie mails the user a link that ends that very session', async () => {
  const agency = await signUpAgency(t);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [agency.email]);
  const userId = rows[0]!.id;
  // Sign-up mails the address's link (signUpAgency follows it): counted before, not among the sign-ins' mails.
  await mailReceived(smtp, agency.email, /^Confirmez votre adresse e-mail$/);
  const start = smtp.received.length;

  // The first browser of an account is not « new »: there is nothing to compare it with.
  const laptop = await signInAs(t, 'pro', agency, { userAgent: FIREFOX });
  assert.ok(laptop.device, 'the sign-in sets a device cookie');
  const deviceHeader = ([] as string[]).concat(laptop.response.headers['set-cookie'] ?? []).find((c) => c.startsWith('ls_pro_device='))!;
  assert.match(deviceHeader, /HttpOnly/);
  assert.match(deviceHeader, /SameSite=Lax/);
  assert.match(deviceHeader, /Path=\/pro(;|$)/);
  assert.match(deviceHeader, /Max-Age=31536000/);
  assert.doesNotMatch(deviceHeader, /Secure/, 'Secure under TLS only');
  const { rows: stored } = await t.db.query<{ device_hash: string }>('SELECT device_hash FROM known_devices WHERE principal_id = $1', [
    userId,
  ]);
  assert.equal(stored.length, 1);
  assert.ok(!laptop.device.includes(stored[0]!.device_hash), 'only a hash is stored');

  // The same browser again: known, and its cookie kept.
  const again = await signInAs(t, 'pro', agency, { userAgent: FIREFOX, device: laptop.device });
  assert.equal(again.device, laptop.device);
  // A value the service never issued is no device: replaced, and the sign-in is new.
  const forged = `ls_pro_device=${'A'.repeat(43)}`;
  const elsewhere = await signInAs(t, 'pro', agency, { userAgent: FIREFOX, device: forged });
  assert.notEqual(elsewhere.device, forged);
  await nextMails(start, 1);

  const before = smtp.received.length;
  const phone = await signInAs(t, 'pro', agency, { userAgent: SAFARI_IPHONE, address: '198.51.100.23' });
  const [mail] = await nextMails(before, 1);
  assert.deepEqual(mail!.envelope.to, [agency.email]);
  assert.equal(mail!.parsed.subject, 'Nouvelle connexion à votre compte');
  const text = mail!.parsed.text ?? '';
  assert.match(text, /Appareil : Safari sur iOS/);
  assert.match(text, /Réseau : 198\.51\.100\.0\/24/);
  assert.doesNotMatch(text, /198\.51\.100\.23/);
  const { rows: session } = await t.db.query<{ id: string; created_at: Date }>(
    'SELECT id, created_at FROM sessions WHERE principal_id = $1 AND user_agent = $2',
    [userId, SAFARI_IPHONE],
  );
  assert.ok(text.includes(frenchDateTime(session[0]!.created_at)), 'the time, in French');
  const link = endLinkIn(mail!, '/pro');

  // The link, opened signed out: a page with one button; a mail scanner's GET ends nothing.
  const shown = await t.app.inject({ method: 'GET', url: link });
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /Terminer cette session/);
  assert.equal((await phone.browser.get('/pro')).statusCode, 200, 'opening the page ends nothing');
  const formCookie = cookieOf(shown, 'ls_pro_form')!;
  const post = (fields: Record<string, string>, cookie = formCookie) =>
    t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams(fields).toString(),
    });
  assert.equal((await post({ _csrf: 'forged' })).statusCode, 403, 'the form needs its token');
  assert.equal((await phone.browser.get('/pro')).statusCode, 200);
  const ended = await post({ _csrf: hiddenToken(shown.body)! });
  assert.equal(ended.statusCode, 200);
  assert.match(ended.body, /est terminée/);
  const signedOut = await phone.browser.get('/pro/account/sessions');
  assert.equal(signedOut.statusCode, 303);
  assert.match(String(signedOut.headers.location), /^\/pro\/login/);
  assert.equal((await laptop.browser.get('/pro')).statusCode, 200, 'the other sessions live on');

  // Used once.
  assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 404);
  assert.equal((await post({ _csrf: hiddenToken(shown.body)! })).statusCode, 404);

  // Sign-up's own entry (the address verified) aside: this test is about the sign-ins and the link.
  const events = (await auditOf(t, userId)).filter((entry) => !['account.sign_in_locked', 'account.email_verified'].includes(entry.action));
  assert.deepEqual(
    events.map((entry) => entry.action),
    ['account.signed_in_new_device', 'account.signed_in_new_device', 'account.session_ended'],
  );
  assert.deepEqual(events[1]!.after, { session: session[0]!.id, device: 'Safari sur iOS', network: '198.51.100.0/24' });
  assert.deepEqual(events[2]!.after, { session: session[0]!.id, device: 'Safari sur iOS', network: '198.51.100.0/24', via: 'mail' });
});

test("an operator's new browser is mailed too, with a link of the back-office that the pro space does not take", async () => {
  const operator = await createOperator(t);
  await signInAs(t, 'admin', operator, { userAgent: FIREFOX });
  const before = smtp.received.length;
  const second = await signInAs(t, 'admin', operator, { userAgent: SAFARI_IPHONE });
  const deviceHeader = ([] as string[]).concat(second.response.headers['set-cookie'] ?? []).find((c) => c.startsWith('ls_admin_device='));
  assert.match(String(deviceHeader), /Path=\/admin(;|$)/);
  const [mail] = await nextMails(before, 1);
  assert.deepEqual(mail!.envelope.to, [operator.email]);
  const link = endLinkIn(mail!, '/admin');
  assert.equal(
    (await t.app.inject({ method: 'GET', url: link.replace('/admin/', '/pro/') })).statusCode,
    404,
    'a link works in its own space',
  );
  const shown = await t.app.inject({ method: 'GET', url: link });
  assert.equal(shown.statusCode, 200);
  const ended = await t.app.inject({
    method: 'POST',
    url: link,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(shown, 'ls_admin_login')! },
    payload: new URLSearchParams({ _csrf: hiddenToken(shown.body)! }).toString(),
  });
  assert.equal(ended.statusCode, 200);
  assert.equal((await second.browser.get('/admin/account/sessions')).statusCode, 303, 'that session has ended');
});

test('under TLS the device cookie is Secure', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-device-tls-'));
  const { cert, key } = selfSignedCertificate(dir);
  const tls = await createTestApp({
    db: t.db,
    env: { TLS_CERT: cert, TLS_KEY: key, WORKER: '0' },
    https: { cert: readFileSync(cert), key: readFileSync(key) },
  });
  try {
    const agency = await signUpAgency(tls);
    const signedIn = await signInAs(tls, 'pro', agency);
    const deviceHeader = ([] as string[]).concat(signedIn.response.headers['set-cookie'] ?? []).find((c) => c.startsWith('ls_pro_device='));
    assert.match(String(deviceHeader), /; Secure/);
  } finally {
    await tls.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
