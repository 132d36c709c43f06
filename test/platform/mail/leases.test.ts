import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../../src/platform/db/database.js';
import { JobRunner } from '../../../src/platform/jobs/runner.js';
import { LEASE_MS } from '../../../src/platform/jobs/lease-loop.js';
import { registerMailSender } from '../../../src/platform/mail/sender.js';
import { smtpTransport, type MailTransport } from '../../../src/platform/mail/transport.js';
import { enqueueMail } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { openDatabase } from '../../../src/platform/db/open.js';
import { mailRows, startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp.js';

/**
 * The mail sender's claims are the lease loop's (src/platform/jobs/lease-loop.ts): a short
 * lease renewed while the process lives, locks in id order, a failed "sent" mark that sends
 * nothing twice, and a dead process whose recipients wait seconds, not the old 10 minutes.
 */
let db: Database;
let otherProcessDb: Database;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;
const runners: JobRunner[] = [];
const FROM = 'Annonces <no-reply@annonces.example>';

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  db = isolated.db;
  closeDatabase = isolated.close;
  // Another process's connections to the same database (PGlite is one process: the same handle).
  otherProcessDb = isolated.url ? await openDatabase({ databaseUrl: isolated.url, dataDir: null, poolSize: 10 }) : db;
});
// Each test's runners stop with it: a runner left running would take the next test's mails.
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
after(async () => {
  if (otherProcessDb !== db) await otherProcessDb.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tag = () => Math.random().toString(36).slice(2, 8);
const receivedBy = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
async function receivedCount(address: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (receivedBy(address).length < count && Date.now() < deadline) await sleep(20);
  return receivedBy(address);
}

const write = (to: string, subject = 'Essai') =>
  db.transaction((tx) =>
    enqueueMail(tx, { to: mailAddress(to), subject, text: 'Bonjour', html: '<p>Bonjour</p>' }, { from: FROM, now: new Date() }),
  );

async function mailRunner(database: Database, options: { transport?: MailTransport; leaseMs?: number; concurrency?: number } = {}) {
  const runner = new JobRunner(database, {
    pollMs: 20,
    stopGraceMs: 200,
    onError: () => {},
    leaseMs: options.leaseMs,
    concurrency: options.concurrency,
  });
  registerMailSender(runner, {
    db: database,
    now: () => new Date(),
    transport: options.transport ?? smtpTransport(smtp.url),
    backoff: () => 50,
  });
  runners.push(runner);
  await runner.start();
  return runner;
}

test(`[${databaseKind}] a refused "sent" mark sends nothing twice, and the mails not yet sent leave at once, not after a lease`, async () => {
  const user = `marks-${tag()}@agence.example`;
  const written: string[] = [];
  for (let i = 0; i < 6; i++) written.push((await write(user, `Essai ${i}`)).messageId);
  // The database refuses the first three "sent" marks, as deadlocks or a dropped connection would.
  let refused = 0;
  const flaky: Database = {
    ...db,
    query: (sql, params) => {
      if (refused < 3 && typeof sql === 'string' && sql.includes("SET state = 'sent'")) {
        refused += 1;
        return Promise.reject(new Error('deadlock detected'));
      }
      return db.query(sql, params);
    },
  };
  // A lease of a minute: what leaves within seconds was handed back, not left to lapse.
  const started = Date.now();
  await mailRunner(flaky, { leaseMs: 60_000 });
  const arrived = await receivedCount(user, 6, 20_000);
  const tookMs = Date.now() - started;
  assert.equal(refused, 3);
  assert.deepEqual(
    arrived.map((m) => m.parsed.messageId),
    written,
    'each mail once, in the order written',
  );
  assert.ok(tookMs < 20_000, `all left after ${tookMs} ms`);
  const deadline = Date.now() + 10_000;
  while ((await mailRows(db, user)).some((r) => r.state !== 'sent') && Date.now() < deadline) await sleep(20);
  assert.deepEqual(
    (await mailRows(db, user)).map((r) => r.state),
    written.map(() => 'sent'),
  );
  await sleep(500);
  assert.equal(receivedBy(user).length, 6, 'and none again afterwards');
});

test(`[${databaseKind}] a process gone while holding a recipient's mails: they, and those written after, leave within the lease`, async () => {
  const user = `crash-${tag()}@agence.example`;
  const before = [await write(user, 'Avant 1'), await write(user, 'Avant 2')];
  // The first process claims the recipient's mails, then hangs in the middle of sending and
  // loses the database: it never marks, renews nor releases anything again.
  let severed = false;
  const dying: Database = {
    ...db,
    query: (sql, params) => (severed ? Promise.reject(new Error('connection lost (process killed)')) : db.query(sql, params)),
    transaction: (work) => (severed ? Promise.reject(new Error('connection lost (process killed)')) : db.transaction(work)),
  };
  let claimed!: () => void;
  const holding = new Promise<void>((resolve) => (claimed = resolve));
  const hanging: MailTransport = { send: () => (claimed(), new Promise<void>(() => {})), close: () => {} };
  await mailRunner(dying, { transport: hanging });
  await holding;
  severed = true;
  const diedAt = Date.now();
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mails WHERE to_address = $1 AND claimed_until > now()`, [
    user,
  ]);
  assert.equal(rows[0]!.n, 2, "the dead process's claims");
  // The restarted process, and a mail written after the crash.
  await mailRunner(otherProcessDb);
  const afterCrash = await write(user, 'Après');
  const arrived = await receivedCount(user, 3, LEASE_MS + 15_000);
  const waitedMs = Date.now() - diedAt;
  assert.deepEqual(
    arrived.map((m) => m.parsed.messageId),
    [...before, afterCrash].map((m) => m.messageId),
    'in the order written, each once',
  );
  assert.ok(waitedMs < LEASE_MS + 10_000, `left ${waitedMs} ms after the crash (lease ${LEASE_MS} ms)`);
});
