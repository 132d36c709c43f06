import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { followVerificationMail, signUpAgency } from '../../helpers/pro.js';
import { mailRows, startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp.js';
import { JobRunner } from '../../../src/platform/jobs/runner.js';
import { registerMailSender } from '../../../src/platform/mail/sender.js';
import { permanentRefusal, smtpTransport } from '../../../src/platform/mail/transport.js';
import { enqueueMail } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';
import { undeliverableMark } from '../../../src/platform/mail/undeliverable.js';

/**
 * docs/operations.md, "Mail": a 5xx to an address marks it undeliverable; no more mail goes
 * there (suppressed, no SMTP exchange) until it is confirmed again, and the pro space says so. A
 * 4xx is a temporary failure, retried as ever. Through a real SMTP server, on both databases.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let runner: JobRunner;
let closeDatabase: () => Promise<void>;

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, WORKER: '0', SITE_URL: 'https://annonces.example' } });
  runner = new JobRunner(t.db, { pollMs: 20, onError: () => {} });
  registerMailSender(runner, { db: t.db, now: () => new Date(), transport: smtpTransport(smtp.url), backoff: () => 50 });
});
after(async () => {
  await runner?.stop();
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const receivedBy = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
const write = (to: string, subject: string) =>
  t.db.transaction((tx) =>
    enqueueMail(
      tx,
      { to: mailAddress(to), subject, text: subject, html: `<p>${subject}</p>` },
      { from: t.config.mailFrom, now: new Date() },
    ),
  );

/** Polls until the address's mails are all out of `queued`; their states, oldest first. */
async function settled(address: string, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = (await mailRows(t.db, address)).map((row) => row.state);
    if (!states.includes('queued') || Date.now() > deadline) return states;
    await sleep(30);
  }
}

test(`[${databaseKind}] a 550 marks the address: the mails waiting for it and the next ones are suppressed, the pro page says so, confirming lifts it`, async () => {
  const pro = await signUpAgency(t);
  await runner.start();
  assert.deepEqual(await settled(pro.email), ['sent'], 'the sign-up’s verification mail');
  smtp.refusedRecipients.add(pro.email);
  // Three mails waiting together: the first meets the refusal, the two others are never tried.
  await t.db.transaction(async (tx) => {
    for (const subject of ['Premier', 'Deuxième', 'Troisième'])
      await enqueueMail(
        tx,
        { to: mailAddress(pro.email), subject, text: subject, html: subject },
        { from: t.config.mailFrom, now: new Date() },
      );
  });
  assert.deepEqual(await settled(pro.email), ['sent', 'failed', 'suppressed', 'suppressed']);
  const mark = await undeliverableMark(t.db, pro.email.toUpperCase());
  assert.ok(mark, 'the address is marked, found whatever its case');
  assert.match(mark.smtpAnswer, /550/);
  const { rows } = await t.db.query<{ last_error: string }>(`SELECT last_error FROM mails WHERE to_address = $1 AND state = 'suppressed'`, [
    pro.email,
  ]);
  assert.match(rows[0]!.last_error, /refused this address for good/);

  // The next mail is never sent: no job, no SMTP exchange.
  const next = await write(pro.email, 'Quatrième');
  assert.equal(next.state, 'suppressed');
  assert.equal((await t.db.query(`SELECT 1 FROM jobs WHERE singleton_key = $1`, [`mail:${next.mailId}`])).rows.length, 0);
  await sleep(300);
  assert.equal(receivedBy(pro.email).length, 1, 'only the verification mail, before the refusal, reached the server');

  const account = await pro.browser.get('/pro/account');
  assert.equal(account.statusCode, 200);
  assert.match(
    account.body,
    new RegExp(`Les e-mails vers ${pro.email.replace('.', '\\.')} n’arrivent plus \\(refusés par le serveur de messagerie le `),
  );
  assert.match(account.body, /Confirmer l’adresse à nouveau/);
  assert.match((await pro.browser.get('/pro/team')).body, /e-mails refusés par sa messagerie/);

  // The mailbox works again; the user asks for a link, which goes despite the mark, and follows it.
  smtp.refusedRecipients.delete(pro.email);
  const asked = await pro.browser.post('/pro/account/verify');
  assert.equal(asked.statusCode, 200, asked.body.slice(0, 1000));
  assert.deepEqual((await settled(pro.email)).slice(-1), ['sent']);
  await followVerificationMail(t, pro.email);
  assert.equal(await undeliverableMark(t.db, pro.email), null, 'following the link lifts the mark');
  assert.doesNotMatch((await pro.browser.get('/pro/account')).body, /n’arrivent plus/);

  const after = await write(pro.email, 'Cinquième');
  assert.equal(after.state, 'queued');
  assert.deepEqual((await settled(pro.email)).slice(-1), ['sent']);
  // The two verification mails and this one: none of the refused or suppressed ones.
  assert.deepEqual(
    receivedBy(pro.email).map((m) => m.parsed.subject === 'Cinquième'),
    [false, false, true],
  );
});

test(`[${databaseKind}] a 451 marks nothing: the mail is retried and arrives`, async () => {
  await runner.start();
  const address = `busy-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
  smtp.deferredRecipients.set(address, 2);
  await write(address, 'Plus tard');
  assert.deepEqual(await settled(address), ['sent']);
  assert.equal(smtp.deferredRecipients.get(address), 0, 'refused twice for now, then taken');
  assert.equal(receivedBy(address).length, 1);
  assert.equal(await undeliverableMark(t.db, address), null);
});

test('a 5xx to RCPT TO, or to DATA with an address code, refuses the address; a content refusal the mail alone; a 4xx nothing', () => {
  assert.equal(permanentRefusal({ responseCode: 550, command: 'RCPT TO', message: '550 no such user' })?.refusesAddress, true);
  assert.equal(permanentRefusal({ responseCode: 550, command: 'DATA', message: '550 5.1.1 mailbox unknown' })?.refusesAddress, true);
  assert.equal(permanentRefusal({ responseCode: 554, command: 'DATA', message: '554 5.7.1 looks like spam' })?.refusesAddress, false);
  assert.equal(permanentRefusal({ responseCode: 451, command: 'RCPT TO', message: '451 try later' }), null);
  assert.equal(permanentRefusal({ responseCode: 550, command: 'MAIL FROM', message: '550 sender refused' }), null);
});
