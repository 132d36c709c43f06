import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { frenchDateTime } from '../../platform/calendar/french-time.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import type { MailSite } from '../mail/site.js';
import type { Account } from './directory.js';
import { forgotPasswordPath } from './account-paths.js';

const FOOTER = 'Vous recevez ce message parce qu’il concerne la sécurité de votre compte. Il ne contient aucun mot de passe.';

/** The reset link, mailed to the account's address: it works for an hour, once. */
export function passwordResetMail(account: Account, link: string): OutgoingMail {
  const subject = 'Réinitialiser votre mot de passe';
  const intro = 'Vous avez demandé à changer le mot de passe de votre compte. Ce lien fonctionne pendant une heure, une seule fois :';
  const ignore = 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.';
  return {
    to: mailAddress(account.email),
    subject,
    text: textMail([`Bonjour,\n\n${intro}`, link, ignore], FOOTER),
    html: MailLayout({
      title: subject,
      footer: FOOTER,
      children: (
        <>
          <MailGreeting intro={intro} />
          <MailButton href={link} label="Choisir un nouveau mot de passe" />
          <p style="margin:16px 0 0">{ignore}</p>
        </>
      ),
    }),
  };
}

/**
 * Tells the account its password was changed, by a reset link or on the account page: if it was
 * not its owner, the mail is how they learn it, and says what to do.
 */
export function passwordChangedMail(account: Account, how: 'reset' | 'change', at: Date, site: MailSite): OutgoingMail {
  const subject = 'Votre mot de passe a été changé';
  const by = how === 'reset' ? 'par le lien de réinitialisation envoyé à cette adresse' : 'depuis la page de votre compte';
  const intro = `Le mot de passe de votre compte a été changé le ${frenchDateTime(at)}, ${by}. Vos autres sessions ont été fermées.`;
  const forgot = `${site.siteUrl}${forgotPasswordPath(account.scope)}`;
  const advice =
    'Si ce n’est pas vous, quelqu’un connaît votre adresse e-mail ou votre mot de passe : choisissez-en un nouveau sans attendre.';
  return {
    to: mailAddress(account.email),
    subject,
    text: textMail([`Bonjour,\n\n${intro}`, `${advice} ${forgot}`], FOOTER),
    html: MailLayout({
      title: subject,
      footer: FOOTER,
      children: (
        <>
          <MailGreeting intro={intro} />
          <p style="margin:0 0 8px">{advice}</p>
          <MailButton href={forgot} label="Choisir un nouveau mot de passe" />
        </>
      ),
    }),
  };
}
