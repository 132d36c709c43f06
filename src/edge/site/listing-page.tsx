import { renderDocument } from '../html/render.js';
import type { PublicLookup } from '../../domain/public-listings/find.js';
import { publicUrl } from '../../domain/public-listings/visibility.js';
import { idPattern } from '../../platform/db/ids.js';
import type { FieldError } from '../../platform/outcome.js';
import { goneHtml, notFoundHtml } from './pages.js';
import type { Rendered } from './page-cache.js';
import type { ContactValues } from './views/contact-form.js';
import { ListingPage } from './views/listing-page.js';
import type { ListingCard } from '../../domain/public-listings/model.js';
import { searchPath } from './search-query.js';
import { searchTitle } from './views/search-page.js';

/** A listing's address names a listing id; anything else is not looked up. */
export const SERVICE_ID = new RegExp(idPattern('lst'));

/**
 * A listing's page from its lookup, with its contact form as given: 410 for a listing that left
 * the site, 404 for one never on it. Only the page as everyone sees it is kept: never one showing
 * a visitor's form.
 */
export function listingPage(
  found: PublicLookup,
  siteUrl: string,
  status: number,
  contact: { values: ContactValues; errors: FieldError[] },
  similar: ListingCard[] = [],
): Rendered {
  if (found.kind === 'gone') {
    const like = { city: found.city, transaction: found.transaction };
    return { status: 410, body: goneHtml({ similar, search: { href: searchPath(like), label: searchTitle(like) } }), cacheable: false };
  }
  if (found.kind === 'unknown') return { status: 404, body: notFoundHtml(), cacheable: false };
  const { serviceId } = found.listing;
  const body = renderDocument(<ListingPage listing={found.listing} canonical={publicUrl(siteUrl, serviceId)} contact={contact} />);
  return { status, body, cacheable: status === 200, shows: [serviceId] };
}
