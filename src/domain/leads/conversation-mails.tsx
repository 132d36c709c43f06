import type { Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailAddress, parseMailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { findPublicListing } from '../public-listings/find.js';
import { publicUrl } from '../public-listings/visibility.js';
import { listingPlaceLabel } from '../public-listings/place-paths.js';
import type { PublicListing } from '../public-listings/model.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import { priceHeadline } from '../public-listings/price-wording.js';
import type { MailSite } from '../mail/site.js';
import type { AgencyEnv } from '../tenant.js';
import type { Visitor } from './conversation-model.js';
import { proConversationPath, visitorConversationPath } from './links.js';

/**
 * Who is told what about a conversation (docs/decisions.md §16), each mail written in the
 * transaction of the message it tells of. The agency's pro users hear of the visitor's
 * messages by their preference, with a link to the pro space and no Reply-To: the agency
 * answers through the service. The visitor hears of the agency's replies with a private link.
 * Every mail of one conversation carries the same thread reference, so mail clients group them.
 * The listing is shown as the public sees it (its public projection), or not at all once it
 * left the site; sandbox conversations' mails are kept in the mailbox, never sent.
 */

export interface MailedListing {
  title: string;
  price: string;
  where: string;
  url: string;
}

/** A public listing as mails show it. */
export const mailedListing = (listing: PublicListing, site: MailSite): MailedListing => ({
  title: listing.title,
  price: priceHeadline(listing.content),
  where: listingPlaceLabel(listing.content),
  url: publicUrl(site.siteUrl, listing.serviceId),
});

/** The listing as mails show it: only while it is public. */
export async function listingForMail(db: Queryable, serviceId: string, site: MailSite): Promise<MailedListing | null> {
  const found = await findPublicListing(db, serviceId);
  return found.kind === 'public' ? mailedListing(found.listing, site) : null;
}

/** The reference every mail of a conversation carries, on the sender's domain. */
export const threadReference = (leadId: string, site: MailSite) =>
  `<conversation.${leadId}@${parseMailAddress(site.mailFrom).address.split('@')[1]}>`;

const threaded = (leadId: string, site: MailSite, first: boolean) => {
  const reference = threadReference(leadId, site);
  return first ? { references: [reference] } : { inReplyTo: reference, references: [reference] };
};

export interface VisitorMessageNews {
  scope: AgencyEnv;
  leadId: string;
  /** The agency's own title of the listing, for when it is no longer public. */
  listingTitle: string;
  listing: MailedListing | null;
  visitor: Visitor;
  text: string;
  /** The first message (a new contact) or a reply on the private page. */
  first: boolean;
}

/** Mails the visitor's message to the agency's pro users who want each message; the number of mails. */
export async function tellAgencyOfVisitorMessage(tx: Queryable, news: VisitorMessageNews, site: MailSite, now: Date): Promise<number> {
  const { rows: users } = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE agency_id = $1 AND lead_mail = 'each' ORDER BY created_at, id`,
    [news.scope.agencyId],
  );
  for (const user of users)
    await enqueueMail(tx, agencyMail(user.email, news, site), { from: site.mailFrom, now, keep: news.scope.env === 'test' });
  return users.length;
}

function agencyMail(to: string, news: VisitorMessageNews, site: MailSite): OutgoingMail {
  const { visitor, listing, text: message } = news;
  const link = `${site.siteUrl}${proConversationPath(news.leadId)}`;
  const title = listing?.title ?? news.listingTitle;
  const footer = 'Vous recevez ce message parce que vous êtes membre de l’espace pro de votre agence.';
  const subject = `${news.first ? 'Nouveau message' : 'Réponse'} de ${visitor.name} : ${title}${news.scope.env === 'test' ? ' (bac à sable)' : ''}`;
  const intro = news.first
    ? `Un visiteur a écrit à votre agence au sujet de l’annonce « ${title} ».`
    : `${visitor.name} a répondu dans la conversation au sujet de l’annonce « ${title} ».`;
  const listingLines = listing ? [`Annonce : ${listing.title}`, `Prix : ${listing.price}`, `Ville : ${listing.where}`, listing.url] : [];
  const visitorLines = [`Nom : ${visitor.name}`, `E-mail : ${visitor.email}`, `Téléphone : ${visitor.phone ?? 'non indiqué'}`];
  const text = textMail(
    [
      `Bonjour,\n\n${intro}`,
      ...(listing ? [listingLines.join('\n')] : []),
      visitorLines.join('\n'),
      `Message :\n${message}`,
      `Répondez-lui depuis votre espace pro : ${link}`,
    ],
    footer,
  );
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <MailGreeting intro={intro} />
        {listing ? (
          <>
            <h2 style="font-size:17px;margin:0 0 6px">L’annonce</h2>
            <p style="margin:0 0 16px">
              <a href={listing.url} style="color:#0b5394" safe>
                {listing.title}
              </a>
              <br />
              Prix : <span safe>{listing.price}</span>
              <br />
              Ville : <span safe>{listing.where}</span>
            </p>
          </>
        ) : (
          ''
        )}
        <h2 style="font-size:17px;margin:0 0 6px">Le visiteur</h2>
        <p style="margin:0 0 16px">
          Nom : <span safe>{visitor.name}</span>
          <br />
          E-mail : <span safe>{visitor.email}</span>
          <br />
          Téléphone : <span safe>{visitor.phone ?? 'non indiqué'}</span>
        </p>
        <h2 style="font-size:17px;margin:0 0 6px">Son message</h2>
        <MessageBlock text={message} />
        <MailButton href={link} label="Répondre depuis l’espace pro" />
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html, ...threaded(news.leadId, site, news.first) };
}

export interface VisitorMailNews {
  scope: AgencyEnv;
  leadId: string;
  agencyName: string;
  listing: MailedListing | null;
  visitor: Visitor;
  /** The private link's token, fresh for this mail. */
  token: string;
  /** The acknowledgement of a contact (with the visitor's own message), or an agency reply. */
  kind: 'acknowledgement' | 'agency_reply';
  text: string;
}

/**
 * Mails the visitor: the acknowledgement of a contact, or an agency's reply, with the private
 * link. The acknowledgement answers the visitor's own new contact and its link confirms the
 * address (opening it lifts a refusal, `readVisitorThread`): it goes even to an address the
 * SMTP server refused before; a reply to such an address is suppressed (docs/operations.md, "Mail").
 */
export async function tellVisitor(tx: Queryable, news: VisitorMailNews, site: MailSite, now: Date): Promise<void> {
  await enqueueMail(tx, visitorMail(news, site), {
    from: site.mailFrom,
    now,
    keep: news.scope.env === 'test',
    confirmsAddress: news.kind === 'acknowledgement',
  });
}

function visitorMail(news: VisitorMailNews, site: MailSite): OutgoingMail {
  const { listing, agencyName, text: message } = news;
  const link = `${site.siteUrl}${visitorConversationPath(news.token)}`;
  const about = listing ? `l’annonce « ${listing.title} »` : 'une annonce qui n’est plus en ligne';
  const acknowledgement = news.kind === 'acknowledgement';
  const subject = acknowledgement
    ? `Votre message à ${agencyName}${listing ? ` : ${listing.title}` : ''}`
    : `${agencyName} vous a répondu${listing ? ` : ${listing.title}` : ''}`;
  const intro = acknowledgement
    ? `Votre message au sujet de ${about} a bien été transmis à l’agence ${agencyName}. Vous recevrez sa réponse par e-mail.`
    : `L’agence ${agencyName} vous a répondu au sujet de ${about}.`;
  const heading = acknowledgement ? 'Votre message' : 'Sa réponse';
  const linkText = 'Lire la conversation et répondre';
  const footer =
    'Ce lien est personnel : ne le transférez pas. Vous pouvez y supprimer la conversation à tout moment. N’écrivez pas en réponse à ce mail : utilisez le lien.';
  const text = textMail(
    [`Bonjour ${news.visitor.name},\n\n${intro}`, `${heading} :\n${message}`, ...(listing ? [listing.url] : []), `${linkText} : ${link}`],
    footer,
  );
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <p style="margin:0 0 12px" safe>
          Bonjour {news.visitor.name},
        </p>
        <p style="margin:0 0 16px" safe>
          {intro}
        </p>
        <h2 style="font-size:17px;margin:0 0 6px">{heading}</h2>
        <MessageBlock text={message} />
        {listing ? (
          <p style="margin:0 0 16px">
            <a href={listing.url} style="color:#0b5394" safe>
              {listing.title}
            </a>
            <br />
            <span safe>{`${listing.price} · ${listing.where}`}</span>
          </p>
        ) : (
          ''
        )}
        <MailButton href={link} label={linkText} />
      </>
    ),
  });
  const to = mailAddress(news.visitor.email, news.visitor.name);
  return { to, subject, text, html, ...threaded(news.leadId, site, acknowledgement) };
}

export const MessageBlock = ({ text }: { text: string }) => (
  <p style="margin:0 0 16px;white-space:pre-wrap;background:#f4f4f2;padding:12px;border-radius:4px" safe>
    {text}
  </p>
);
