import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';

/**
 * The mails of an account's address (docs/accounts.md): the link that proves an address at
 * sign-up, the link that confirms a new address, and the notice sent to the old one. French, a
 * text part and an HTML part in the one mail frame.
 */

const FOOTER = 'Vous recevez ce message parce que cette adresse a été donnée pour un compte de notre service.';

/** One mail: a subject, what it is about, then an optional button and what to do if it was not you. */
function addressMail(
  to: string,
  parts: { subject: string; intro: string; link?: { href: string; label: string }; after: string },
): OutgoingMail {
  const { subject, intro, link, after } = parts;
  const text = textMail(['Bonjour,', intro, ...(link ? [`${link.label} : ${link.href}`] : []), after], FOOTER);
  const html = MailLayout({
    title: subject,
    footer: FOOTER,
    children: (
      <>
        <MailGreeting intro={intro} />
        {link ? <MailButton href={link.href} label={link.label} /> : ''}
        <p style="margin:16px 0 0" safe>
          {after}
        </p>
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html };
}

/** Sign-up, or « Renvoyer le lien »: the link that proves the address belongs to whoever typed it. */
export const verifyAddressMail = (to: string, link: string): OutgoingMail =>
  addressMail(to, {
    subject: 'Confirmez votre adresse e-mail',
    intro:
      'Pour terminer l’ouverture de votre compte, confirmez que cette adresse est bien la vôtre. Tant qu’elle ne l’est pas, votre compte fonctionne mais ne peut pas créer de clé LIVE.',
    link: { href: link, label: 'Confirmer mon adresse' },
    after:
      'Ce lien est valable 48 heures et ne sert qu’une fois. Si vous n’avez pas créé de compte, ignorez ce message : rien ne sera fait.',
  });

/** An address change, at the new address: the account moves only once this link is followed. */
export const newAddressMail = (to: string, link: string): OutgoingMail =>
  addressMail(to, {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Un changement d’adresse a été demandé pour votre compte : cette adresse deviendra la sienne dès que vous l’aurez confirmée.',
    link: { href: link, label: 'Confirmer la nouvelle adresse' },
    after:
      'Ce lien est valable 48 heures et ne sert qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne changera.',
  });

/** An address change, at the old address: no link, only what was asked and how to react. */
export const addressChangeAskedMail = (to: string, newAddress: string): OutgoingMail =>
  addressMail(to, {
    subject: 'Changement d’adresse e-mail demandé sur votre compte',
    intro: `Un changement de l’adresse de votre compte vers ${newAddress} vient d’être demandé, avec votre mot de passe. L’adresse ne changera que lorsque le lien envoyé à ${newAddress} aura été suivi.`,
    after:
      'Si c’est vous, il n’y a rien à faire ici. Si ce n’est pas vous, quelqu’un connaît votre mot de passe : connectez-vous, changez-le et fermez vos autres sessions, puis écrivez au support.',
  });
