import { test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { enqueueMail } from '../../../src/platform/mail/outbox.js';
import { mailAddress } from '../../../src/platform/mail/headers.js';
import { MAIL_RETENTION_DAYS, purgeOldMails } from '../../../src/platform/mail/retention.js';

/**
 * docs/operations.md, "Mail": a mail's row is deleted 30 days after it is done (sent, kept in
 * the mailbox, or given up); a mail still waiting is never purged, however old.
 */
const DAY = 86_400_000;

test(`[${databaseKind}] mails done more than ${MAIL_RETENTION_DAYS} days ago are purged; waiting mails and recent ones stay`, async () => {
  const database = await isolatedTestDatabase();
  const db = database.db;
  try {
    const now = new Date('2027-03-01T08:00:00Z');
    const mail = async (subject: string, state: 'queued' | 'sent' | 'kept' | 'failed', doneDaysAgo: number | null) => {
      const { mailId } = await db.transaction((tx) =>
        enqueueMail(
          tx,
          { to: mailAddress('visiteur@exemple.fr'), subject, text: subject, html: `<p>${subject}</p>` },
          {
            from: 'Annonces <no-reply@annonces.example>',
            now: new Date(now.getTime() - 40 * DAY),
          },
        ),
      );
      await db.query('UPDATE mails SET state = $2, done_at = $3 WHERE id = $1', [
        mailId,
        state,
        doneDaysAgo === null ? null : new Date(now.getTime() - doneDaysAgo * DAY),
      ]);
    };
    await mail('envoyé il y a 31 jours', 'sent', 31);
    await mail('gardé il y a 31 jours', 'kept', 31);
    await mail('abandonné il y a 31 jours', 'failed', 31);
    await mail('envoyé il y a 29 jours', 'sent', 29);
    await mail('en attente depuis 40 jours', 'queued', null);

    assert.equal(await purgeOldMails(db, now), 3);
    const { rows } = await db.query<{ subject: string }>('SELECT subject FROM mails ORDER BY id');
    assert.deepEqual(
      rows.map((row) => row.subject),
      ['envoyé il y a 29 jours', 'en attente depuis 40 jours'],
    );
    assert.equal(await purgeOldMails(db, now), 0, 'a second run finds nothing');
  } finally {
    await database.close();
  }
});
