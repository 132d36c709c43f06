import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { enqueueMail } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';
import { MAIL_BODY_RETENTION_DAYS, purgeOldMailBodies, purgeOldMails } from '../../../src/platform/mail/retention.js';

/**
 * docs/operations.md, "Mail": a mail's text and HTML are emptied 7 days after it left, its row
 * (Message-ID, the server's answer) kept 30 days; the conversation keeps its own text, and a
 * mail still waiting keeps everything. On a database of its own: the purge is global.
 */
const DAY = 86_400_000;
const { t, agency, setClock } = useIsolatedTestApp();

test(`[${databaseKind}] ${MAIL_BODY_RETENTION_DAYS} days after its mails left, a conversation still reads its message; a waiting mail keeps its body`, async () => {
  const serviceId = await publicListing(t, agency.live, 'BODY-1');
  const visitor = { name: 'Camille Martin', email: 'camille.retention@exemple.fr', message: 'Bonjour, est-il toujours libre ?' };
  assert.equal((await contact(t, serviceId, visitor, '198.51.100.77')).statusCode, 200);
  const { rows: ack } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1', [visitor.email]);
  const link = /\/messages\/[A-Za-z0-9_-]+/.exec(ack[0]!.text_body)![0];
  const left = new Date();
  await t.db.query(`UPDATE mails SET state = 'sent', done_at = $1 WHERE state = 'queued'`, [left]);
  const waiting = await t.db.transaction((tx) =>
    enqueueMail(
      tx,
      { to: mailAddress('attente@exemple.fr'), subject: 'En attente', text: 'Toujours là', html: '<p>Toujours là</p>' },
      { from: t.config.mailFrom, now: new Date(left.getTime() - 40 * DAY) },
    ),
  );

  const later = new Date(left.getTime() + (MAIL_BODY_RETENTION_DAYS + 1) * DAY);
  setClock(later);
  try {
    assert.ok((await purgeOldMailBodies(t.db, later)) >= 1, 'the acknowledgement at least');
    assert.equal(await purgeOldMails(t.db, later), 0, 'their rows stay');
    const { rows } = await t.db.query<{ state: string; text_body: string; html_body: string; message_id: string }>(
      'SELECT state, text_body, html_body, message_id FROM mails ORDER BY id',
    );
    for (const row of rows.filter((r) => r.state === 'sent')) {
      assert.equal(row.text_body + row.html_body, '', 'a sent mail’s copy is gone');
      assert.match(row.message_id, /^<.+@.+>$/, 'what left is still known');
    }
    const queued = rows.find((r) => r.state === 'queued');
    assert.equal(queued?.text_body, 'Toujours là', 'a waiting mail is never emptied');

    const thread = await page(t, link);
    assert.equal(thread.statusCode, 200);
    assert.match(thread.body, /Bonjour, est-il toujours libre \?/, 'the conversation keeps its text');
    assert.equal(
      await purgeOldMails(t.db, new Date(left.getTime() + 31 * DAY)),
      rows.length - 1,
      'rows go at 30 days, not the waiting one',
    );
    const { rows: left30 } = await t.db.query<{ id: string }>('SELECT id FROM mails');
    assert.deepEqual(
      left30.map((r) => Number(r.id)),
      [waiting.mailId],
    );
  } finally {
    setClock(null);
  }
});
