import { test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseKind } from '../../helpers/database.js';
import { useMailBench } from '../../helpers/smtp.js';
import { enqueueMail } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';

/**
 * Migration 250: a mail written while older mails to its address wait is left by the sweep to
 * their sender, which goes on to it (src/platform/mail/sender.ts). The outbox records which.
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
