import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { JobRunner, type AttemptOutcome } from '../../../src/platform/jobs/runner.js';
import { registerMailSender } from '../../../src/platform/mail/sender.js';
import { smtpTransport } from '../../../src/platform/mail/transport.js';
import { enqueueMail, MAIL_JOB, mailJobKey, rescueMailsWithoutJob } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';
import { databaseKind } from '../../helpers/database.js';
import { mailRows, useMailBench } from '../../helpers/smtp.js';

/**
 * A job whose mail another sender holds has nothing to do (src/platform/mail/sender.ts): it
 * finishes at once, with no look-up, no second run and no sweep, and the holder drops it with
 * its mark. Should the holder give the mail back unsent, the periodic rescue gives it a job again
 * (`rescueMailsWithoutJob`): a waiting mail always keeps a way to be sent.
 */
const bench = useMailBench();
const runners: JobRunner[] = [];
const FROM = 'Annonces <no-reply@annonces.example>';

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tag = () => Math.random().toString(36).slice(2, 8);
const receivedBy = (address: string) => bench.smtp.received.filter((m) => m.envelope.to.includes(address));

const write = (to: string) =>
  bench.db.transaction((tx) =>
    enqueueMail(tx, { to: mailAddress(to), subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' }, { from: FROM, now: new Date() }),
  );
const jobsOf = async (mailId: number) =>
  (
    await bench.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE name = $1 AND singleton_key = $2`, [
      MAIL_JOB,
      mailJobKey(mailId),
    ])
  ).rows[0]!.n;
const holdElsewhere = (mailId: number, until: Date | null) =>
  bench.db.query(`UPDATE mails SET claimed_by = $2, claimed_until = $3 WHERE id = $1`, [mailId, until && 'another-process', until]);

test(`[${databaseKind}] a job whose mail another sender holds finishes at once; given back unsent, the rescue gives it a job and it leaves`, async () => {
  const user = `held-${tag()}@agence.example`;
  const mail = await write(user);
  await holdElsewhere(mail.mailId, new Date(Date.now() + 60_000));
  const outcomes: AttemptOutcome[] = [];
  const runner = new JobRunner(bench.db, {
    pollMs: 20,
    onError: () => {},
    onAttempt: (name, outcome) => name === MAIL_JOB && outcomes.push(outcome),
  });
  registerMailSender(runner, { db: bench.db, now: () => new Date(), transport: smtpTransport(bench.smtp.url), backoff: () => 50 });
  runners.push(runner);
  await runner.start();

  const deadline = Date.now() + 10_000;
  while ((await jobsOf(mail.mailId)) > 0 && Date.now() < deadline) await sleep(20);
  assert.equal(await jobsOf(mail.mailId), 0, 'the job finished');
  assert.ok(outcomes.includes('done') && !outcomes.includes('later'), `it ran once and did not step aside (${outcomes.join(', ')})`);
  assert.equal(receivedBy(user).length, 0, 'the holder sends it, not this job');

  await rescueMailsWithoutJob(bench.db, new Date());
  assert.equal(await jobsOf(mail.mailId), 0, 'a mail a sender holds needs no job');
  // The holder gave it back unsent (a temporary failure while it swept other recipients' mails).
  await holdElsewhere(mail.mailId, null);
  await rescueMailsWithoutJob(bench.db, new Date());
  assert.equal(await jobsOf(mail.mailId), 1, 'the rescue gave it a job');
  await runner.wake();
  const arrival = Date.now() + 10_000;
  while (receivedBy(user).length === 0 && Date.now() < arrival) await sleep(20);
  assert.deepEqual(
    receivedBy(user).map((m) => m.parsed.messageId),
    [mail.messageId],
  );
  const settle = Date.now() + 5_000;
  while ((await mailRows(bench.db, user))[0]?.state !== 'sent' && Date.now() < settle) await sleep(20);
  assert.equal((await mailRows(bench.db, user))[0]?.state, 'sent');
});
