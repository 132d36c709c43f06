import { test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseKind } from '../../helpers/database.js';
import { useMailBench } from '../../helpers/smtp.js';
import { JobRunner } from '../../../src/platform/jobs/runner.js';
import { registerMailSender } from '../../../src/platform/mail/sender.js';
import { smtpTransport } from '../../../src/platform/mail/transport.js';
import { enqueueMail, type MailPriority } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';

/**
 * docs/operations.md, "Mail": when many recipients' mails wait, what a person waits for (a
 * visitor's acknowledgement) leaves before digests and alerts, even written after them.
 */
const bench = useMailBench();

const FROM = 'Annonces <no-reply@annonces.example>';
const BACKLOG = 100;

test(`[${databaseKind}] an acknowledgement written after ${BACKLOG} digests and alerts is accepted by the SMTP server before them`, async () => {
  const write = (to: string, subject: string, priority: MailPriority) =>
    bench.db.transaction((tx) =>
      enqueueMail(tx, { to: mailAddress(to), subject, text: subject, html: subject }, { from: FROM, now: new Date(), priority }),
    );
  // The backlog waits, a second older than the acknowledgement, as after a morning's digests.
  for (let i = 0; i < BACKLOG; i++) await write(`abonne-${i}@exemple.fr`, i % 2 ? `Résumé ${i}` : `Alerte ${i}`, 'bulk');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await write('visiteur@exemple.fr', 'Accusé de réception', 'transactional');

  const runner = new JobRunner(bench.db, { pollMs: 20, onError: () => {} });
  registerMailSender(runner, { db: bench.db, now: () => new Date(), transport: smtpTransport(bench.smtp.url), backoff: () => 50 });
  await runner.start();
  try {
    const received = await bench.smtp.waitFor(BACKLOG + 1, 60_000);
    const position = received.findIndex((mail) => mail.parsed.subject === 'Accusé de réception');
    // Ten jobs start at once, each sweeping 50 waiting mails: the acknowledgement leads the first
    // sweep, behind at most the few mails handed to the connections a moment earlier.
    assert.ok(position >= 0 && position < 10, `the acknowledgement arrived ${position + 1}th of ${received.length}`);
    assert.equal(new Set(received.map((mail) => mail.parsed.messageId)).size, BACKLOG + 1, 'each mail once');
  } finally {
    await runner.stop();
  }
});
