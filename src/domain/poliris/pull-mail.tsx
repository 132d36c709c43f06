import type { Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { frenchDateTime } from '../../platform/calendar/french-time.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import type { MailSite } from '../mail/site.js';
import type { AgencyEnv } from '../tenant.js';
import { PASSERELLE_PAGE_PATH } from './pull-settings.js';

export interface PullFailureNews {
  tenant: AgencyEnv;
  url: string;
  detail: string;
  at: Date;
}

/**
 * Tells the agency's admins that its passerelle file could not be pulled, in the transaction that
 * records the failure: once per streak of failures (recordPull says when), never at every run.
 * The number of mails.
 */
export async function tellPullFailure(tx: Queryable, news: PullFailureNews, site: MailSite, now: Date): Promise<number> {
  const { rows: admins } = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE agency_id = $1 AND role = 'admin' ORDER BY created_at, id`,
    [news.tenant.agencyId],
  );
  for (const admin of admins) await enqueueMail(tx, pullFailureMail(admin.email, news, site), { from: site.mailFrom, now });
  return admins.length;
}

function pullFailureMail(to: string, news: PullFailureNews, site: MailSite): OutgoingMail {
  const link = `${site.siteUrl}${PASSERELLE_PAGE_PATH}`;
  const sandbox = news.tenant.env === 'test' ? ' (bac à sable)' : '';
  const subject = `Votre passerelle : le fichier n’a pas pu être importé${sandbox}`;
  const intro = `Le ${frenchDateTime(news.at)}, nous n’avons pas pu importer le fichier de votre passerelle${sandbox}. Vos annonces restent telles qu’elles étaient.`;
  const footer =
    'Vous recevez ce message parce que vous administrez l’espace pro de votre agence. Il n’est envoyé qu’une fois tant que l’échec dure.';
  const advice = 'Nous réessayons toutes les quatre heures. Vérifiez l’adresse dans votre logiciel ou dans votre espace pro :';
  const text = textMail([`Bonjour,\n\n${intro}`, `Adresse : ${news.url}\nRaison : ${news.detail}`, `${advice} ${link}`], footer);
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <MailGreeting intro={intro} />
        <p style="margin:0 0 8px">
          Adresse : <span safe>{news.url}</span>
        </p>
        <p style="margin:0 0 16px">
          Raison : <span safe>{news.detail}</span>
        </p>
        <p style="margin:0 0 8px">{advice}</p>
        <MailButton href={link} label="Ouvrir la page Passerelle" />
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html };
}
