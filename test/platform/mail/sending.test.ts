import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { contact, publicListing } from '../../helpers/site.js';
import { addProUser, mailRows, mailsSettled, startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp.js';
import { JobRunner } from '../../../src/platform/jobs/runner.js';
import { registerMailSender } from '../../../src/platform/mail/sender.js';
import { smtpTransport, type MailTransport } from '../../../src/platform/mail/transport.js';
import { enqueueMail, MAIL_JOB, MAIL_MAX_ATTEMPTS } from '../../../src/platform/mail/outbox.js';
import { MailHeaderError, mailAddress, type OutgoingMail } from '../../../src/platform/mail/headers.js';
import type { OutageLog } from '../../../src/platform/mail/outage.js';

/**
 * docs/decisions.md §16, docs/operations.md "Mail": a mail commits with its cause and is sent
 * by the jobs queue, at least once and never lost: not by a crash before sending, not by an
 * SMTP outage, after which a recipient's mails arrive in the order they were written. This
 * file's app runs no jobs (WORKER=0): each test starts the runner it needs, as a process would.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;
let counter = 0;

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, WORKER: '0', SITE_URL: 'https://annonces.example' } });
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const receivedBy = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
async function receivedCount(address: string, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (receivedBy(address).length < count && Date.now() < deadline) await sleep(20);
  return receivedBy(address);
}

/** A job runner for mail only, as a worker process starting up would run it. */
async function mailRunner(
  options: { transport?: MailTransport; backoff?: (attempt: number) => number; onError?: (error: unknown) => void; log?: OutageLog } = {},
) {
  const runner = new JobRunner(t.db, { pollMs: 20, onError: options.onError ?? (() => {}) });
  registerMailSender(runner, {
    db: t.db,
    now: () => new Date(),
    transport: options.transport ?? smtpTransport(smtp.url),
    backoff: options.backoff ?? (() => 50),
    log: options.log,
  });
  await runner.start();
  return runner;
}

/** An agency with one pro user and a public listing: what a contact e-mails. */
async function agencyWithUser() {
  const agency = await t.agency();
  const user = `user-${++counter}-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  await addProUser(t.db, agency.agencyId, user);
  const serviceId = await publicListing(t, agency.live, `SEND-${counter}`);
  return { user, serviceId };
}

const write = (to: string, extra: Partial<OutgoingMail> = {}) =>
  t.db.transaction((tx) =>
    enqueueMail(
      tx,
      { to: mailAddress(to), subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>', ...extra },
      {
        from: t.config.mailFrom,
        now: new Date(),
      },
    ),
  );

test(`[${databaseKind}] a crash between commit and send loses nothing: the next runner sends the mail, exactly once`, async () => {
  const { user, serviceId } = await agencyWithUser();
  // The contact commits; no runner is up (the process "died" right after the commit).
  assert.equal((await contact(t, serviceId, { name: 'Léa', email: 'lea@example.org', message: 'Bonjour' }, '203.0.113.1')).statusCode, 200);
  const [row] = await mailRows(t.db, user);
  assert.equal(row?.state, 'queued', 'the mail committed with the lead');
  const { rows: jobs } = await t.db.query<{ payload: { mailId: number } }>(`SELECT payload FROM jobs WHERE name = $1`, [MAIL_JOB]);
  assert.ok(
    jobs.some((j) => Number(j.payload.mailId) === Number(row.id)),
    'and so did its job',
  );
  await sleep(200);
  assert.equal(receivedBy(user).length, 0);

  const first = await mailRunner();
  const second = await mailRunner();
  try {
    const [mail] = await receivedCount(user, 1);
    assert.equal(mail?.parsed.messageId, row.message_id);
    await first.wake();
    await second.wake();
    await sleep(300);
    assert.equal(receivedBy(user).length, 1, 'two runners, one mail');
    assert.equal((await mailsSettled(t.db)).find((r) => r.id === row.id)?.state, 'sent');
  } finally {
    await first.stop();
    await second.stop();
  }
});

test(`[${databaseKind}] a crash after the server accepted a mail but before it was marked sends it again, with the same Message-ID`, async () => {
  const user = `twice-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  const { messageId } = await write(user);
  const real = smtpTransport(smtp.url);
  let crashed = false;
  const crashOnce: MailTransport = {
    async send(mail) {
      await real.send(mail);
      if (!crashed) {
        crashed = true;
        throw new Error('the process died before marking the mail sent');
      }
    },
    close: () => real.close(),
  };
  const runner = await mailRunner({ transport: crashOnce });
  try {
    const copies = await receivedCount(user, 2);
    assert.deepEqual(
      copies.map((m) => m.parsed.messageId),
      [messageId, messageId],
      'at-least-once: the copy carries the same Message-ID',
    );
    // The second copy reaches the server a moment before its sender marks the row.
    const marked = (await mailsSettled(t.db)).find((r) => r.to_address === user);
    assert.equal(marked?.state, 'sent');
  } finally {
    await runner.stop();
  }
});

test(`[${databaseKind}] while the SMTP server is down mails wait; when it is back they all leave, in the order they were written`, async () => {
  const { user, serviceId } = await agencyWithUser();
  const visitor = (n: number) => ({ name: `Visiteur ${n}`, email: `v${n}@example.org`, message: `Message ${n}` });
  smtp.setDown(true);
  // Growing backoff: the oldest mail, having failed most, is retried last; it must still leave first.
  const runner = await mailRunner({ backoff: (attempt) => 40 * 2 ** (attempt - 1) });
  try {
    assert.equal((await contact(t, serviceId, visitor(1), '203.0.113.10')).statusCode, 200);
    await sleep(700);
    assert.equal((await contact(t, serviceId, visitor(2), '203.0.113.11')).statusCode, 200);
    await sleep(250);
    assert.equal((await contact(t, serviceId, visitor(3), '203.0.113.12')).statusCode, 200);
    await sleep(60);
    const waiting = await mailRows(t.db, user);
    assert.deepEqual(
      waiting.map((r) => r.state),
      ['queued', 'queued', 'queued'],
    );
    assert.match(waiting[0]!.last_error ?? '', /unavailable|421/);
    assert.equal(receivedBy(user).length, 0);

    smtp.setDown(false);
    const arrived = await receivedCount(user, 3);
    assert.deepEqual(
      arrived.map((m) => m.parsed.messageId),
      waiting.map((r) => r.message_id),
      'in the order written, each with the Message-ID it was given then',
    );
    assert.deepEqual(
      arrived.map((m) => /Message (\d)/.exec(m.parsed.text ?? '')?.[1]),
      ['1', '2', '3'],
    );
    await sleep(400);
    assert.equal(receivedBy(user).length, 3, 'and each once');
  } finally {
    smtp.setDown(false);
    await runner.stop();
  }
});

test(`[${databaseKind}] a mail whose attempts run out is marked failed, not left waiting`, async () => {
  const user = `never-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  smtp.setDown(true);
  const { mailId } = await write(user);
  const runner = await mailRunner({ backoff: () => 1 });
  try {
    // Sixteen refused connections take ~3 s alone; a loaded machine (browsers in other shards) five times that.
    const deadline = Date.now() + 60_000;
    while ((await mailRows(t.db, user))[0]?.state === 'queued' && Date.now() < deadline) await sleep(50);
    assert.equal((await mailRows(t.db, user))[0]?.state, 'failed');
    const { rows } = await t.db.query<{ state: string; attempts: number }>(
      `SELECT state, attempts FROM jobs WHERE name = $1 AND (payload->>'mailId')::bigint = $2`,
      [MAIL_JOB, mailId],
    );
    assert.deepEqual(rows, [{ state: 'failed', attempts: MAIL_MAX_ATTEMPTS }]);
  } finally {
    smtp.setDown(false);
    await runner.stop();
  }
});

test(`[${databaseKind}] a recipient the server refuses for good fails at once; the other mails leave`, async () => {
  const gone = `gone-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  const fine = `fine-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  smtp.refusedRecipients.add(gone);
  await write(gone);
  await write(fine);
  const runner = await mailRunner({ backoff: () => 60_000 });
  try {
    await receivedCount(fine, 1);
    const deadline = Date.now() + 5_000;
    while ((await mailRows(t.db, gone))[0]?.state === 'queued' && Date.now() < deadline) await sleep(20);
    const [refused] = await mailRows(t.db, gone);
    assert.equal(refused?.state, 'failed', 'no retry for a 550: it would be refused again');
    assert.match(refused?.last_error ?? '', /550|no such mailbox/);
  } finally {
    await runner.stop();
  }
});

test(`[${databaseKind}] threading headers are sent as written; a malformed one writes nothing`, async () => {
  const user = `thread-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  const { messageId } = await write(user, {
    inReplyTo: '<first@annonces.example>',
    references: ['<first@annonces.example>', '<second@annonces.example>'],
    replyTo: mailAddress('conversation-42@annonces.example', 'Conversation'),
  });
  await assert.rejects(write(user, { inReplyTo: '<x@y>\r\nBcc: z@w' }), MailHeaderError);
  assert.equal((await mailRows(t.db, user)).length, 1, 'the refused mail rolled back with its transaction');
  const runner = await mailRunner();
  try {
    const [mail] = await receivedCount(user, 1);
    assert.equal(mail?.parsed.messageId, messageId);
    assert.equal(mail?.parsed.inReplyTo, '<first@annonces.example>');
    assert.deepEqual(mail?.parsed.references, ['<first@annonces.example>', '<second@annonces.example>']);
    assert.equal(mail?.parsed.replyTo?.value[0]?.address, 'conversation-42@annonces.example');
  } finally {
    await runner.stop();
  }
});

test(`[${databaseKind}] a burst to one recipient leaves in the order written, each mail once, and the jobs of the mails already sent are dropped`, async () => {
  const user = `burst-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  const written: string[] = [];
  for (let i = 0; i < 60; i++) written.push((await write(user, { subject: `Essai ${i}` })).messageId);
  const real = smtpTransport(smtp.url);
  let sends = 0;
  const counted: MailTransport = { send: (mail) => (sends++, real.send(mail)), close: () => real.close() };
  // One job at a time, counting the mail jobs it runs.
  const runner = new JobRunner(t.db, { pollMs: 20, concurrency: 1, onError: () => {} });
  let jobRuns = 0;
  const register = runner.register.bind(runner);
  runner.register = (name, handler, options) => register(name, (payload, context) => (jobRuns++, handler(payload, context)), options);
  registerMailSender(runner, { db: t.db, now: () => new Date(), transport: counted, backoff: () => 50 });
  await runner.start();
  try {
    const arrived = await receivedCount(user, 60, 20_000);
    assert.deepEqual(
      arrived.map((m) => m.parsed.messageId),
      written,
    );
    assert.deepEqual(
      (await mailsSettled(t.db)).filter((r) => written.includes(r.message_id)).map((r) => r.state),
      written.map(() => 'sent'),
    );
    await sleep(300);
    assert.equal(receivedBy(user).length, 60, 'and each once');
    assert.equal(sends, 60);
    const deadline = Date.now() + 5_000;
    let left = Infinity;
    while (left > 0 && Date.now() < deadline) {
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE name = $1 AND (payload->>'mailId')::bigint IN (SELECT id FROM mails WHERE to_address = $2)`,
        [MAIL_JOB, user],
      );
      left = rows[0]!.n;
      if (left > 0) await sleep(50);
    }
    assert.equal(left, 0, 'no job is left behind for a mail that was sent');
    assert.ok(jobRuns <= 5, `one job sends the burst, the others never run (${jobRuns} runs for 60 mails)`);
  } finally {
    await runner.stop();
  }
});

test(`[${databaseKind}] mails to many recipients leave side by side: one job sends the others' oldest mails, and their jobs are dropped`, async () => {
  // A burst of contacts: each visitor's acknowledgement is the only mail to its recipient.
  const tag = Math.random().toString(36).slice(2, 7);
  const visitors = Array.from({ length: 40 }, (_, i) => `visitor-${tag}-${i}@example.org`);
  const agent = `agent-${tag}@agence.example`;
  const agentMails: string[] = [];
  for (const [i, visitor] of visitors.entries()) {
    await write(visitor, { subject: `Accusé ${i}` });
    agentMails.push((await write(agent, { subject: `Contact ${i}` })).messageId);
  }
  // Mail is behind: the burst waited for a runner (a job sweeps only then, SWEEP_WHEN_LATE_MS).
  await sleep(300);
  const runner = new JobRunner(t.db, { pollMs: 20, concurrency: 1, onError: () => {} });
  let jobRuns = 0;
  const register = runner.register.bind(runner);
  runner.register = (name, handler, options) => register(name, (payload, context) => (jobRuns++, handler(payload, context)), options);
  registerMailSender(runner, { db: t.db, now: () => new Date(), transport: smtpTransport(smtp.url), backoff: () => 50 });
  await runner.start();
  try {
    for (const visitor of visitors) assert.equal((await receivedCount(visitor, 1, 20_000)).length, 1, `${visitor} got its mail`);
    const toAgent = await receivedCount(agent, 40, 20_000);
    assert.deepEqual(
      toAgent.map((m) => m.parsed.messageId),
      agentMails,
      "the agent's mails, swept one at a time among the others, still in the order written",
    );
    assert.ok(jobRuns <= 10, `a few jobs send the 80 mails, the others are dropped (${jobRuns} runs)`);
    await sleep(300);
    assert.equal(
      visitors.reduce((n, visitor) => n + receivedBy(visitor).length, 0),
      40,
      'each once',
    );
  } finally {
    await runner.stop();
  }
});

test(`[${databaseKind}] a mail whose recipient's older mails another sender holds waits without spending its attempts, then leaves after them`, async () => {
  const user = `held-${Math.random().toString(36).slice(2, 7)}@agence.example`;
  const older = await write(user, { subject: 'Plus ancien' });
  // Another process's sender holds the older mail (it is sending it).
  await t.db.query(`UPDATE mails SET claimed_by = 'another-process', claimed_until = $2 WHERE id = $1`, [
    older.mailId,
    new Date(Date.now() + 60_000),
  ]);
  const newer = await write(user, { subject: 'Plus récent' });
  // The job as it waits between two looks (while it runs, its attempt counts until it steps aside).
  const waitingJob = async (mailId: number) => {
    for (let tries = 0; ; tries++) {
      const { rows } = await t.db.query<{ attempts: number; state: string; locked_by: string | null }>(
        `SELECT attempts, state, locked_by FROM jobs WHERE name = $1 AND (payload->>'mailId')::bigint = $2`,
        [MAIL_JOB, mailId],
      );
      if (rows[0]?.locked_by === null || tries > 50) return rows[0] && { attempts: rows[0].attempts, state: rows[0].state };
      await sleep(20);
    }
  };
  const runner = await mailRunner({ backoff: () => 60_000 });
  try {
    await sleep(1_500);
    assert.equal(receivedBy(user).length, 0, 'the newer mail does not overtake the held one');
    assert.deepEqual(await waitingJob(newer.mailId), { attempts: 0, state: 'queued' }, 'waiting is no failed attempt');
    // The holder gave up (its claim lapses): the waiting job now sends both, oldest first.
    await t.db.query(`UPDATE mails SET claimed_by = NULL, claimed_until = NULL WHERE id = $1`, [older.mailId]);
    const arrived = await receivedCount(user, 2);
    assert.deepEqual(
      arrived.map((m) => m.parsed.messageId),
      [older.messageId, newer.messageId],
    );
  } finally {
    await runner.stop();
  }
});

test(`[${databaseKind}] an SMTP outage is logged once as it starts and once as it ends, with its counts, not once per mail and attempt`, async () => {
  const { user, serviceId } = await agencyWithUser();
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const log: OutageLog = {
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
  };
  const errors: unknown[] = [];
  smtp.setDown(true);
  const runner = await mailRunner({ backoff: () => 30, log, onError: (error) => errors.push(error) });
  try {
    for (let n = 1; n <= 3; n++) {
      const sent = await contact(
        t,
        serviceId,
        { name: `V ${n}`, email: `panne${n}@example.org`, message: `Panne ${n}` },
        `203.0.113.${40 + n}`,
      );
      assert.equal(sent.statusCode, 200);
    }
    await sleep(600);
    const { rows } = await t.db.query<{ attempts: number }>(
      "SELECT coalesce(sum(attempts), 0)::int AS attempts FROM jobs WHERE name = 'mail.send'",
    );
    assert.ok(rows[0]!.attempts >= 6, `mails were tried again and again meanwhile (${rows[0]!.attempts} attempts)`);
    assert.deepEqual(
      lines.map((line) => line.level),
      ['warn'],
      'one line for the whole outage so far',
    );
    assert.match(String(lines[0]!.fields.error), /unavailable|421/);
    assert.deepEqual(errors, [], "no failure handed to the runner's log meanwhile");

    smtp.setDown(false);
    await receivedCount(user, 3);
    await sleep(100);
    assert.deepEqual(
      lines.map((line) => line.level),
      ['warn', 'info'],
    );
    const end = lines[1]!.fields;
    assert.ok(Number(end.failedAttempts) >= 6, JSON.stringify(end));
    // A recipient's oldest mail is tried first: the agent's first notice and the three acknowledgements.
    assert.equal(end.mailsFailed, 4, JSON.stringify(end));
    assert.ok(Number(end.lastedSeconds) > 0.3, JSON.stringify(end));
  } finally {
    smtp.setDown(false);
    await runner.stop();
  }
});
