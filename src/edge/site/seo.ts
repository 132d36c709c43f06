import { TRANSACTIONS, type PropertyType } from '../../domain/listing-model/model.js';
import { shortCommuneName } from '../../domain/geography/index.js';
import { SITE_NAME } from '../html/layout.js';
import { count, plural, squareMetres } from '../html/format.js';
import { PROPERTY_TYPE_LABELS, TRANSACTION_LABELS } from '../html/labels.js';
import type { PublicListing } from '../../domain/public-listings/model.js';
import { listingPlaceLabel, placeHeading, type Place } from '../../domain/public-listings/place-paths.js';
import type { TransactionCounts } from '../../domain/public-listings/places.js';
import { priceDisplay } from '../../domain/public-listings/price-wording.js';

/** schema.org types for each kind of property. */
const SCHEMA_TYPES: Record<PropertyType, string> = {
  apartment: 'Apartment',
  studio: 'Apartment',
  duplex: 'Apartment',
  loft: 'Apartment',
  house: 'House',
  land: 'Place',
  parking: 'Place',
  commercial: 'Place',
  office: 'Place',
};

/** The amount a visitor pays, as the page's headline shows it (fees or charges included). */
export function payableAmount(listing: Pick<PublicListing, 'content'>): number {
  const { content } = listing;
  if (content.transaction === 'rental') return content.price + (content.charges ?? 0);
  const fees = content.fees;
  if (fees?.feesPaidBy === 'buyer' && fees.agencyFees !== null && fees.feeIncluded === false) return content.price + fees.agencyFees;
  return content.price;
}

/** The line under a listing's title: « Vente · Appartement · 65 m² · 3 pièces · Lyon 3e (69), Part-Dieu ». */
export function listingSummary(listing: Pick<PublicListing, 'content'>): string {
  const { content } = listing;
  const place = `${listingPlaceLabel(content)}${content.neighborhood ? `, ${content.neighborhood}` : ''}`;
  const kind = PROPERTY_TYPE_LABELS[content.propertyType];
  return `${TRANSACTION_LABELS[content.transaction]} · ${kind} · ${squareMetres(content.surface)} · ${plural(content.rooms, 'pièce', 'pièces')} · ${place}`;
}

/** A listing page's description for search engines: its summary and its price. */
export const listingDescription = (listing: Pick<PublicListing, 'content'>) =>
  `${listingSummary(listing)}. ${priceDisplay(listing.content).headline}.`;

const PURPOSES = { sale: 'à vendre', rental: 'à louer', life_annuity_sale: 'en viager' } as const;

/** « 1 234 annonces à vendre, 56 à louer, 2 en viager »: the transactions that have listings, the first with its noun. */
export function countsSentence(counts: TransactionCounts): string {
  const parts = TRANSACTIONS.filter((t) => counts[t] > 0).map((t) => `${count(counts[t])} ${PURPOSES[t]}`);
  if (parts.length === 0) return 'Aucune annonce';
  const first = counts[TRANSACTIONS.find((t) => counts[t] > 0)!];
  parts[0] = parts[0]!.replace(' ', first >= 2 ? ' annonces ' : ' annonce ');
  return parts.join(', ');
}

/** The title and description of a place's page. */
export function placeMeta(place: Place, counts: TransactionCounts): { title: string; description: string } {
  const detail = place.kind === 'department' ? ', commune par commune' : '';
  return {
    title: `${placeHeading(place)} : annonces à vendre et à louer`,
    description: `${place.label} : ${countsSentence(counts)}. Les dernières annonces des agences${detail}.`,
  };
}

/** schema.org RealEstateListing of a listing page (never the street address). */
export function listingJsonLd(listing: PublicListing, url: string): Record<string, unknown> {
  const { content } = listing;
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.title,
    ...(listing.description ? { description: listing.description.slice(0, 5000) } : {}),
    url,
    datePosted: listing.firstPublishedAt.toISOString(),
    dateModified: listing.updatedAt.toISOString(),
    ...(content.photos.length ? { image: content.photos.map((photo) => photo.url) } : {}),
    offers: {
      '@type': 'Offer',
      price: payableAmount(listing),
      priceCurrency: 'EUR',
      businessFunction:
        content.transaction === 'rental' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      description: priceDisplay(content).headline,
      offeredBy: { '@type': 'RealEstateAgent', name: listing.agencyName },
    },
    about: {
      '@type': SCHEMA_TYPES[content.propertyType],
      ...(SCHEMA_TYPES[content.propertyType] === 'Place'
        ? {}
        : { numberOfRooms: content.rooms, floorSize: { '@type': 'QuantitativeValue', value: content.surface, unitCode: 'MTK' } }),
      address: {
        '@type': 'PostalAddress',
        addressLocality: content.location?.commune ? shortCommuneName(content.location.commune) : content.city,
        ...(content.location?.department ? { addressRegion: content.location.department } : {}),
        postalCode: content.postcode,
        addressCountry: 'FR',
      },
    },
  };
}

/** schema.org WebSite of the home page, with the search it offers. */
export function siteJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${siteUrl}/`,
    inLanguage: 'fr-FR',
    potentialAction: { '@type': 'SearchAction', target: `${siteUrl}/listings?city={city}`, 'query-input': 'required name=city' },
  };
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The sitemap index: the site's own pages, the pages of places, then one file per 10,000 listings. */
export function sitemapIndex(siteUrl: string, listingFiles: number): string {
  const files = [
    '/sitemaps/pages.xml',
    '/sitemaps/places.xml',
    ...Array.from({ length: listingFiles }, (_, i) => `/sitemaps/listings-${i + 1}.xml`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((file) => `<sitemap><loc>${xmlEscape(siteUrl + file)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
}

export function urlSet(entries: Array<{ loc: string; lastmod?: Date }>): string {
  const urls = entries.map(
    (e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/** Crawlers may read the public pages; interfaces, forms and private spaces are not for them. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /pro
Disallow: /v1/
Disallow: /ingest/
Disallow: /sandbox/
Disallow: /listings/*/contact

Sitemap: ${siteUrl}/sitemap.xml
`;
}
