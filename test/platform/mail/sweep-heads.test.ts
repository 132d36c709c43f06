import { test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseKind } from '../../helpers/database.js';
import { useMailBench } from '../../helpers/smtp.js';
import {
  BEHIND_JOB_DELAY_MS,
  enqueueMail,
  FAR_BEHIND_JOB_DELAY_MS,
  MAILS_PER_CLAIM,
  mailJobKey,
} from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';

/**
 * Migration 250: a mail written while older mails to its address wait is left by the sweep to
 * their sender, which goes on to it (src/platform/mail/sender.ts). The outbox records which, and
 * puts off the mail's job by how far behind it is written.
 */
const bench = useMailBench();
const FROM = 'Annonces <no-reply@annonces.example>';

test(`[${databaseKind}] a mail is written behind others only while older mails to its address wait`, async () => {
  const write = (to: string) =>
    bench.db.transaction((tx) =>
      enqueueMail(tx, { to: mailAddress(to), subject: 'Nouveau contact', text: 'x', html: 'x' }, { from: FROM, now: new Date() }),
    );
  const first = await write('agent@agence.example');
  const second = await write('agent@agence.example');
  const other = await write('visiteur@exemple.fr');
  await bench.db.query(`UPDATE mails SET state = 'sent' WHERE id = ANY($1::bigint[])`, [[first.mailId, second.mailId]]);
  const again = await write('agent@agence.example');
  const { rows } = await bench.db.query<{ id: string; written_behind: boolean }>(
    'SELECT id, written_behind FROM mails WHERE id = ANY($1::bigint[]) ORDER BY id',
    [[first.mailId, second.mailId, other.mailId, again.mailId]],
  );
  assert.deepEqual(
    rows.map((row) => row.written_behind),
    [false, true, false, false],
    'the second to the agent waits behind the first; another address, or the agent once nothing waits, is a head',
  );
});

test(`[${databaseKind}] a mail's job is due at once, a second later behind others, and 30 s later a claim's worth behind`, async () => {
  const to = 'notices@agence.example';
  const written: Array<{ mailId: number; at: Date }> = [];
  for (let i = 0; i <= MAILS_PER_CLAIM; i++) {
    const at = new Date();
    const mail = await bench.db.transaction((tx) =>
      enqueueMail(tx, { to: mailAddress(to), subject: `Contact ${i}`, text: 'x', html: 'x' }, { from: FROM, now: at }),
    );
    written.push({ mailId: mail.mailId, at });
  }
  const dueAfter = async ({ mailId, at }: { mailId: number; at: Date }) => {
    const { rows } = await bench.db.query<{ run_at: Date }>('SELECT run_at FROM jobs WHERE singleton_key = $1', [mailJobKey(mailId)]);
    return new Date(rows[0]!.run_at).getTime() - at.getTime();
  };
  assert.deepEqual(
    [
      await dueAfter(written[0]!),
      await dueAfter(written[1]!),
      await dueAfter(written[MAILS_PER_CLAIM - 1]!),
      await dueAfter(written[MAILS_PER_CLAIM]!),
    ],
    [0, BEHIND_JOB_DELAY_MS, BEHIND_JOB_DELAY_MS, FAR_BEHIND_JOB_DELAY_MS],
    'the first at once; up to 49 ahead a second later; 50 ahead, when its sender goes on to it',
  );
});
