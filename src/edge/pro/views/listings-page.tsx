import type { AudienceCounts } from '../../../domain/audience/report.js';
import type { Listing } from '../../../domain/listing-model/model.js';
import { describeReason } from '../../../domain/moderation/messages.js';
import { isPublic, publicUrl } from '../../../domain/public-listings/visibility.js';
import { reasonLabel } from '../../html/labels.js';
import { TableScroll, when } from '../../html/page-parts.js';
import { viewsAndContacts } from './audience.js';
import { ProPage, type ProViewer } from './frame.js';
import { MODERATION_STATE_LABELS, statusOf } from './listing-labels.js';

const number = new Intl.NumberFormat('fr-FR');

/** One listing of the table: its title and reference, moderation, status, last change, link and audience. */
function ListingRow({
  listing,
  siteUrl,
  agencySuspended,
  audience,
}: {
  listing: Listing;
  siteUrl: string;
  agencySuspended: boolean;
  audience: AudienceCounts | undefined;
}): JSX.Element {
  return (
    <tr>
      {/* One child per cell: a stacked row's cell is a grid of its label and its content. */}
      <td data-label="Annonce">
        <span>
          <a href={`/pro/listings/${listing.serviceId}`} safe>
            {listing.content.title}
          </a>
          <span class="muted" safe>{` ${listing.externalId}`}</span>
        </span>
      </td>
      <td data-label="Modération">
        <span>
          <span safe>{MODERATION_STATE_LABELS[listing.moderationState]}</span>
          {listing.moderationReasons.map((reason) => (
            <span class="badge" title={describeReason(reason).fr} safe>
              {reasonLabel(reason)}
            </span>
          ))}
        </span>
      </td>
      <td data-label="Statut" safe>
        {statusOf(listing)}
      </td>
      <td data-label="Modifiée le" safe>
        {when(listing.updatedAt)}
      </td>
      <td data-label="En ligne">{isPublic(listing, agencySuspended) ? <a href={publicUrl(siteUrl, listing.serviceId)}>Voir</a> : '—'}</td>
      <td data-label="Sur 28 jours" safe>
        {viewsAndContacts(audience)}
      </td>
    </tr>
  );
}

/** The links to the pages before and after, when there is more than one. */
function PageLinks({ page, pages }: { page: number; pages: number }): JSX.Element {
  return pages > 1 ? (
    <p>
      {page > 1 ? <a href={`/pro/listings?page=${page - 1}`}>Page précédente</a> : ''} <span safe>{`Page ${page} sur ${pages}`}</span>{' '}
      {page < pages ? <a href={`/pro/listings?page=${page + 1}`}>Page suivante</a> : ''}
    </p>
  ) : (
    ''
  );
}

export function ListingsPage({
  viewer,
  listings,
  total,
  page,
  pages,
  siteUrl,
  agencySuspended,
  audience,
}: {
  viewer: ProViewer;
  listings: Listing[];
  total: number;
  page: number;
  pages: number;
  siteUrl: string;
  agencySuspended: boolean;
  /** Each listing's views and contacts over the last 28 days (none: absent). */
  audience: Map<string, AudienceCounts>;
}): JSX.Element {
  return (
    <ProPage title="Annonces" section="listings" viewer={viewer}>
      <h1>Vos annonces</h1>
      <p safe>{`${number.format(total)} annonce${total > 1 ? 's' : ''}, les dernières modifiées d’abord.`}</p>
      <TableScroll label="Annonces de l’agence">
        <table class="list stacked">
          <caption class="sr">Annonces de l’agence</caption>
          <thead>
            <tr>
              <th scope="col">Annonce</th>
              <th scope="col">Modération</th>
              <th scope="col">Statut</th>
              <th scope="col">Modifiée le</th>
              <th scope="col">En ligne</th>
              <th scope="col">Sur 28 jours</th>
            </tr>
          </thead>
          <tbody>
            {listings.map((listing) => (
              <ListingRow
                listing={listing}
                siteUrl={siteUrl}
                agencySuspended={agencySuspended}
                audience={audience.get(listing.serviceId)}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
      <PageLinks page={page} pages={pages} />
    </ProPage>
  );
}
