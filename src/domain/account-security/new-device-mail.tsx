import type { Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { frenchDateTime } from '../../platform/calendar/french-time.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import type { MailSite } from '../mail/site.js';
import { LINK_LIFETIMES } from '../credentials/one-time-links.js';

/** A sign-in from a browser the account had never used. */
export interface NewDeviceNews {
  /** « Firefox sur Windows » (deviceLabel). */
  device: string;
  /** The client's network (« 192.0.2.0/24 »), never its address; null when unknown. */
  network: string | null;
  at: Date;
}

/** Mails the owner of an account about a sign-in from a new browser, in the transaction that records the browser. */
export async function tellNewDevice(tx: Queryable, to: string, news: NewDeviceNews, endLink: string, site: MailSite): Promise<void> {
  await enqueueMail(tx, newDeviceMail(to, news, endLink), { from: site.mailFrom, now: news.at });
}

function newDeviceMail(to: string, news: NewDeviceNews, endLink: string): OutgoingMail {
  const subject = 'Nouvelle connexion à votre compte';
  const intro = `Le ${frenchDateTime(news.at)}, votre compte a été ouvert depuis un appareil qu’il n’avait jamais utilisé.`;
  const facts = [`Appareil : ${news.device}`, `Réseau : ${news.network ?? 'inconnu'} (lieu approximatif)`];
  const ifYou = 'Si c’était vous, il n’y a rien à faire.';
  const ifNot =
    `Sinon, terminez cette session avec le lien ci-dessous (valable ${LINK_LIFETIMES.end_session / 86_400_000} jours), ` +
    'puis changez votre mot de passe et vérifiez vos seconds facteurs :';
  const footer = 'Vous recevez ce message à chaque connexion depuis un nouvel appareil : il protège votre compte.';
  const text = textMail([`Bonjour,\n\n${intro}`, facts.join('\n'), ifYou, `${ifNot} ${endLink}`], footer);
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <MailGreeting intro={intro} />
        {facts.map((fact) => (
          <p style="margin:0 0 8px" safe>
            {fact}
          </p>
        ))}
        <p style="margin:16px 0 8px">{ifYou}</p>
        <p style="margin:0 0 8px" safe>
          {ifNot}
        </p>
        <MailButton href={endLink} label="Terminer cette session" />
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html };
}
