import type { Queryable } from '../../platform/db/database.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import type { PublicListing } from '../public-listings/model.js';
import { publicUrl } from '../public-listings/visibility.js';
import { MailButton, MailLayout, textMail } from '../mail/layout.js';
import type { LeadInput } from './lead-input.js';

export interface MailSite {
  siteUrl: string;
  mailFrom: string;
}

const euros = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const priceOf = (listing: PublicListing) =>
  `${euros.format(listing.content.price)}\u00a0€${listing.content.transaction === 'rental' ? ' par mois' : ''}`;

/**
 * Tells every pro user of the agency that a visitor wrote (docs/decisions.md §16), in the
 * transaction that stores the message: one mail per user, written with it or not at all.
 * The listing is shown as the public sees it (its public projection: no street address), and
 * Reply-To is left out: the visitor's address is in the mail, but the agency is meant to answer
 * through the service. An agency without users (created through the operator API) gets no mail.
 */
export async function notifyAgencyOfLead(
  tx: Queryable,
  lead: { agencyId: string; listing: PublicListing; input: LeadInput },
  site: MailSite,
  now: Date,
): Promise<number> {
  const { rows: users } = await tx.query<{ email: string }>('SELECT email FROM users WHERE agency_id = $1 ORDER BY created_at, id', [
    lead.agencyId,
  ]);
  for (const user of users) await enqueueMail(tx, leadMail(user.email, lead, site), { from: site.mailFrom, now });
  return users.length;
}

function leadMail(to: string, { listing, input }: { listing: PublicListing; input: LeadInput }, site: MailSite): OutgoingMail {
  const leadsUrl = `${site.siteUrl}/pro/leads`;
  const listingUrl = publicUrl(site.siteUrl, listing.serviceId);
  const where = `${listing.content.city} (${listing.content.postcode})`;
  const price = priceOf(listing);
  const footer = 'Vous recevez ce message parce que vous êtes membre de l’espace pro de votre agence.';
  const subject = `Nouveau message de ${input.name} : ${listing.title}`;
  const text = textMail(
    [
      `Bonjour,\n\nUn visiteur a écrit à votre agence au sujet de l’annonce « ${listing.title} ».`,
      `Annonce : ${listing.title}\nPrix : ${price}\nVille : ${where}\n${listingUrl}`,
      `Nom : ${input.name}\nE-mail : ${input.email}\nTéléphone : ${input.phone ?? 'non indiqué'}`,
      `Message :\n${input.message}`,
      `Retrouvez tous vos contacts dans votre espace pro : ${leadsUrl}`,
    ],
    footer,
  );
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <p style="margin:0 0 12px">Bonjour,</p>
        <p style="margin:0 0 16px">
          Un visiteur a écrit à votre agence au sujet de l’annonce <strong safe>{listing.title}</strong>.
        </p>
        <h2 style="font-size:17px;margin:0 0 6px">L’annonce</h2>
        <p style="margin:0 0 16px">
          <a href={listingUrl} style="color:#0b5394" safe>
            {listing.title}
          </a>
          <br />
          Prix : <span safe>{price}</span>
          <br />
          Ville : <span safe>{where}</span>
        </p>
        <h2 style="font-size:17px;margin:0 0 6px">Le visiteur</h2>
        <p style="margin:0 0 16px">
          Nom : <span safe>{input.name}</span>
          <br />
          E-mail : <span safe>{input.email}</span>
          <br />
          Téléphone : <span safe>{input.phone ?? 'non indiqué'}</span>
        </p>
        <h2 style="font-size:17px;margin:0 0 6px">Son message</h2>
        <p style="margin:0 0 16px;white-space:pre-wrap;background:#f4f4f2;padding:12px;border-radius:4px" safe>
          {input.message}
        </p>
        <MailButton href={leadsUrl} label="Voir vos contacts dans l’espace pro" />
      </>
    ),
  });
  return { to: mailAddress(to), subject, text, html };
}
