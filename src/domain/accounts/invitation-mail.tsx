import { frenchDateTime } from '../../platform/calendar/french-time.js';
import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import type { Role } from './user-store.js';

const FOOTER = 'Vous recevez ce message parce qu’un administrateur d’une agence a invité cette adresse dans son espace pro.';

/** The invitation, at the invited address: the one way to its link, so following it proves the address. */
export function invitationMail(to: string, invitation: { agencyName: string; role: Role; link: string; expiresAt: Date }): OutgoingMail {
  const role = invitation.role === 'admin' ? 'administrateur' : 'agent';
  const subject = `Invitation à rejoindre ${invitation.agencyName}`;
  const intro = `Vous êtes invité à rejoindre l’agence ${invitation.agencyName} dans son espace pro, comme ${role}. Il vous suffit de choisir un mot de passe.`;
  const after = `Ce lien ne sert qu’une fois et expire le ${frenchDateTime(invitation.expiresAt)}. Si vous ne connaissez pas cette agence, ignorez ce message : aucun compte ne sera créé.`;
  const text = textMail(['Bonjour,', intro, `Rejoindre l’agence : ${invitation.link}`, after], FOOTER);
  const html = MailLayout({
    title: subject,
    footer: FOOTER,
    children: (
      <>
        <MailGreeting intro={intro} />
        <MailButton href={invitation.link} label="Rejoindre l’agence" />
        <p style="margin:16px 0 0" safe>
          {after}
        </p>
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html };
}
