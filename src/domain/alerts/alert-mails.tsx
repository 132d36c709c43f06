import { mailAddress, type OutgoingMail } from '../../platform/mail/headers.js';
import { MailButton, MailGreeting, MailLayout, textMail } from '../mail/layout.js';
import { priceHeadline } from '../public-listings/price-wording.js';
import type { MailSite } from '../mail/site.js';
import type { PublicListing } from '../public-listings/model.js';
import { publicUrl } from '../public-listings/visibility.js';
import { listingPlaceLabel } from '../public-listings/place-paths.js';
import type { AlertFrequency } from './alert-model.js';
import { CONFIRMATION_DAYS } from './alert-model.js';
import { alertConfirmPath, alertManagePath, alertUnsubscribePath } from './links.js';

/**
 * The mails of alerts (docs/decisions.md §18), French, text and HTML. Each carries a manage
 * link (the address's alerts) and the one-click unsubscribe of its alert, also as the
 * `List-Unsubscribe` header (RFC 8058). Listings are shown from their public projection only —
 * masked title, price, surface, rooms, city and postcode, and their public page — never an
 * address or a description.
 */

/** Listings one mail shows; the others are counted, with a link to the search. */
export const LISTINGS_PER_MAIL = 10;

const FREQUENCY_WORDS: Record<AlertFrequency, string> = {
  immediate: 'dès leur publication',
  daily: 'une fois par jour, à 8 h',
};

const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export interface AlertMailLinks {
  /** The token of the mail's manage link (manage page and unsubscribe). */
  manageToken: string;
}

interface Addressed {
  email: string;
  label: string;
  /** The search's results page, from the site's root. */
  path: string;
}

const linksOf = (site: MailSite, manageToken: string) => ({
  manage: `${site.siteUrl}${alertManagePath(manageToken)}`,
  unsubscribe: `${site.siteUrl}${alertUnsubscribePath(manageToken)}`,
});

/** The paragraph every alert mail ends with, in text. */
const textLinks = (links: ReturnType<typeof linksOf>) =>
  `Gérer vos alertes : ${links.manage}\nVous désabonner de cette alerte : ${links.unsubscribe}`;

const HtmlLinks = ({ links }: { links: ReturnType<typeof linksOf> }) => (
  <p style="margin:20px 0 0;font-size:14px;color:#555555">
    <a href={links.manage} style="color:#0b5394">
      Gérer vos alertes
    </a>{' '}
    ·{' '}
    <a href={links.unsubscribe} style="color:#0b5394">
      Vous désabonner de cette alerte
    </a>
  </p>
);

/** The double opt-in: nothing is sent for the alert until its link is followed. */
export function confirmationMail(
  alert: Addressed & { frequency: AlertFrequency },
  tokens: AlertMailLinks & { confirmToken: string },
  site: MailSite,
): OutgoingMail {
  const links = linksOf(site, tokens.manageToken);
  const confirm = `${site.siteUrl}${alertConfirmPath(tokens.confirmToken)}`;
  const subject = `Confirmez votre alerte : ${alert.label}`;
  const intro = `Vous avez demandé à recevoir par e-mail, ${FREQUENCY_WORDS[alert.frequency]}, les nouvelles annonces de la recherche « ${alert.label} ».`;
  const ask = `Pour activer cette alerte, confirmez-la (le lien est valable ${CONFIRMATION_DAYS} jours).`;
  const notYou = `Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : sans confirmation, rien ne vous sera envoyé et l’alerte sera effacée dans ${CONFIRMATION_DAYS} jours.`;
  const footer = 'Vous recevez ce message parce que cette adresse a été saisie dans le formulaire d’alerte du site.';
  const text = textMail([`Bonjour,\n\n${intro}`, `${ask}\n${confirm}`, notYou, textLinks(links)], footer);
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <MailGreeting intro={intro} />
        <p style="margin:0 0 4px">{ask}</p>
        <MailButton href={confirm} label="Confirmer l’alerte" />
        <p style="margin:16px 0 0">{notYou}</p>
        <HtmlLinks links={links} />
      </>
    ),
  });
  return { to: mailAddress(alert.email), subject, text, html, unsubscribeUrl: links.unsubscribe };
}

interface MailedListing {
  title: string;
  price: string;
  facts: string;
  url: string;
}

/** A listing as alert mails show it: from its public projection, nothing else. */
function shown(listing: PublicListing, site: MailSite): MailedListing {
  const { surface, rooms } = listing.content;
  const place = listingPlaceLabel(listing.content);
  const facts = [`${whole.format(surface)}\u00a0m²`, `${whole.format(rooms)}\u00a0pièce${rooms >= 2 ? 's' : ''}`, place];
  return {
    title: listing.title,
    price: priceHeadline(listing.content),
    facts: facts.join(' · '),
    url: publicUrl(site.siteUrl, listing.serviceId),
  };
}

/** New listings of an alert's search: at once (several in one mail) or in the 08:00 digest. */
export function listingsMail(
  alert: Addressed & { frequency: AlertFrequency },
  listings: readonly PublicListing[],
  tokens: AlertMailLinks,
  site: MailSite,
): OutgoingMail {
  const links = linksOf(site, tokens.manageToken);
  const count = listings.length;
  const news = count > 1 ? `${whole.format(count)} nouvelles annonces` : 'Une nouvelle annonce';
  const subject =
    alert.frequency === 'daily' ? `Votre alerte du jour : ${news.toLowerCase()} – ${alert.label}` : `${news} : ${alert.label}`;
  const intro = `${news} ${count > 1 ? 'correspondent' : 'correspond'} à votre alerte « ${alert.label} » :`;
  const lines = listings.slice(0, LISTINGS_PER_MAIL).map((listing) => shown(listing, site));
  const more = count - lines.length;
  const search = `${site.siteUrl}${alert.path}`;
  const moreText = more > 0 ? `Et ${whole.format(more)} autre${more > 1 ? 's' : ''} : voyez-les sur le site.` : null;
  const footer = `Vous recevez cet e-mail parce que vous avez créé et confirmé cette alerte (${FREQUENCY_WORDS[alert.frequency]}).`;
  const text = textMail(
    [
      `Bonjour,\n\n${intro}`,
      ...lines.map((l) => `${l.title}\n${l.price} · ${l.facts}\n${l.url}`),
      `${moreText ? `${moreText}\n` : ''}Toutes les annonces de cette recherche : ${search}`,
      textLinks(links),
    ],
    footer,
  );
  const html = MailLayout({
    title: subject,
    footer,
    children: (
      <>
        <MailGreeting intro={intro} />
        <ul style="margin:0 0 16px;padding-left:20px">
          {lines.map((l) => (
            <li style="margin:0 0 12px">
              <a href={l.url} style="color:#0b5394;font-weight:bold" safe>
                {l.title}
              </a>
              <br />
              <span safe>{`${l.price} · ${l.facts}`}</span>
            </li>
          ))}
        </ul>
        {moreText ? (
          <p style="margin:0 0 8px" safe>
            {moreText}
          </p>
        ) : (
          ''
        )}
        <MailButton href={search} label="Voir toutes les annonces de cette recherche" />
        <HtmlLinks links={links} />
      </>
    ),
  });
  return { to: mailAddress(alert.email), subject, text, html, unsubscribeUrl: links.unsubscribe };
}
