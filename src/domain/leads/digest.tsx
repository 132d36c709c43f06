import { parisClock } from '../../platform/calendar/paris-day.js';
import type { Database } from '../../platform/db/database.js';
import { type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailAddress } from '../../platform/mail/headers.js';
import { DAILY_MAIL_HOUR } from '../mail/daily-hour.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import type { MailSite } from '../mail/site.js';
import { PRO_INBOX_PATH, proConversationPath } from './links.js';

interface DigestLine {
  leadId: string;
  name: string;
  listingTitle: string;
  messages: number;
  last: string;
}

/**
 * The daily digest (docs/decisions.md §16): at 08:00 in Paris (`DAILY_MAIL_HOUR`), each pro user
 * who chose it gets one mail listing the conversations where visitors wrote since the last
 * digest. The job runs every few minutes; a user's row records the day served, so a digest goes
 * out once a day whichever process runs it, and a process down at 08:00 sends it when it comes
 * back. Sends the digests due at `now`; the number of mails written.
 */
export async function sendDueDigests(db: Database, now: Date, site: MailSite): Promise<number> {
  const { day, hour } = parisClock(now);
  if (hour < DAILY_MAIL_HOUR) return 0;
  return db.transaction(async (tx) => {
    const { rows: users } = await tx.query<{ id: string; agency_id: string; email: string; since: Date | null }>(
      `SELECT id, agency_id, email, digest_covered_until AS since FROM users
       WHERE lead_mail = 'digest' AND (digest_sent_on IS NULL OR digest_sent_on < $1::date) ORDER BY id FOR UPDATE SKIP LOCKED`,
      [day],
    );
    let sent = 0;
    for (const user of users) {
      const since = user.since ?? new Date(now.getTime() - 24 * 3_600_000);
      const { rows } = await tx.query<{ lead_id: string; name: string; public_title: string; messages: number; last: string }>(
        `SELECT d.id AS lead_id, d.name, l.public_title, count(*)::int AS messages,
           (array_agg(m.body ORDER BY m.created_at DESC, m.id DESC))[1] AS last
         FROM lead_messages m JOIN leads d ON d.id = m.lead_id JOIN listings l ON l.id = d.listing_id
         WHERE d.agency_id = $1 AND d.env = 'live' AND NOT d.withheld AND NOT m.withheld AND m.author = 'visitor'
           AND m.created_at > $2 AND m.created_at <= $3
         GROUP BY d.id, d.name, l.public_title ORDER BY max(m.created_at) DESC LIMIT 100`,
        [user.agency_id, since, now],
      );
      if (rows.length) {
        const lines = rows.map((r) => ({
          leadId: r.lead_id,
          name: r.name,
          listingTitle: r.public_title,
          messages: r.messages,
          last: r.last,
        }));
        // Nobody waits for a digest by the minute: it leaves after acknowledgements (docs/operations.md, "Mail").
        await enqueueMail(tx, digestMail(user.email, lines, site), { from: site.mailFrom, now, priority: 'bulk' });
        sent += 1;
      }
      await tx.query('UPDATE users SET digest_sent_on = $2::date, digest_covered_until = $3 WHERE id = $1', [user.id, day, now]);
    }
    return sent;
  });
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
};

function digestMail(to: string, lines: readonly DigestLine[], site: MailSite) {
  const inbox = `${site.siteUrl}${PRO_INBOX_PATH}`;
  const count = lines.length;
  const subject = `Vos contacts du jour : ${count} conversation${count > 1 ? 's' : ''} avec de nouveaux messages`;
  const footer = 'Vous recevez ce résumé quotidien parce que vous l’avez choisi dans votre espace pro (Préférences).';
  const described = (l: DigestLine) => `${l.name} — « ${l.listingTitle} » — ${l.messages} message${l.messages > 1 ? 's' : ''}`;
  const text = textMail(
    [
      `Bonjour,\n\nDes visiteurs ont écrit à votre agence depuis le dernier résumé :`,
      ...lines.map((l) => `${described(l)}\n« ${excerpt(l.last)} »\n${site.siteUrl}${proConversationPath(l.leadId)}`),
      `Tous vos contacts : ${inbox}`,
    ],
    footer,
  );
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <MailGreeting intro="Des visiteurs ont écrit à votre agence depuis le dernier résumé :" />
        <ul style="margin:0 0 16px;padding-left:20px">
          {lines.map((l) => (
            <li style="margin:0 0 12px">
              <a href={`${site.siteUrl}${proConversationPath(l.leadId)}`} style="color:#0b5394" safe>
                {described(l)}
              </a>
              <br />
              <span style="color:#555555" safe>{`« ${excerpt(l.last)} »`}</span>
            </li>
          ))}
        </ul>
        <MailButton href={inbox} label="Voir tous vos contacts" />
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html };
}

export const digestJobs = ({ db, now }: JobDeps, site: MailSite): PeriodicJob[] => [
  { name: 'leads.digest', everyMs: 5 * 60_000, run: async () => void (await sendDueDigests(db, now(), site)) },
];
