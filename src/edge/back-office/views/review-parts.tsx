import type { Listing, ListingContent } from '../../../domain/listing-model/model.js';
import type { QueuedListing } from '../../../domain/listings/moderation-queue.js';
import { FACT_FIELDS, type FieldChange, type TextSegment, type VersionDiff } from '../../../domain/moderation/version-diff.js';
import { euros, squareMetres } from '../../html/format.js';
import { PROPERTY_TYPE_LABELS, TRANSACTION_LABELS } from '../../html/labels.js';
import { Csrf } from './frame.js';
import { TableScroll } from '../../html/page-parts.js';

/**
 * The parts of the review page (moderation.tsx): a version's facts, its differences with the
 * published one, and the operator's decision.
 */

const FIELD_LABELS: Partial<Record<keyof ListingContent, string>> = {
  title: 'Titre',
  transaction: 'Transaction',
  propertyType: 'Type de bien',
  price: 'Prix',
  charges: 'Charges',
  surface: 'Surface',
  rooms: 'Pièces',
  bedrooms: 'Chambres',
  floor: 'Étage',
  city: 'Ville',
  postcode: 'Code postal',
  neighborhood: 'Quartier',
  reference: 'Référence',
  addressLine: 'Adresse (privée)',
  dpe: 'DPE',
  ges: 'GES',
  description: 'Description',
  features: 'Équipements',
  photos: 'Photos',
  fees: 'Honoraires',
};

function shown(field: keyof ListingContent, value: unknown): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  if (field === 'price' || field === 'charges') return euros(value as number);
  if (field === 'surface') return squareMetres(value as number);
  if (field === 'transaction') return TRANSACTION_LABELS[value as ListingContent['transaction']];
  if (field === 'propertyType') return PROPERTY_TYPE_LABELS[value as ListingContent['propertyType']];
  if (field === 'features') return (value as string[]).join(', ');
  if (field === 'photos') return `${(value as unknown[]).length} photo(s)`;
  if (field === 'fees') return JSON.stringify(value);
  return String(value);
}

function Segments({ segments }: { segments: TextSegment[] }): JSX.Element {
  return (
    <>
      {segments.map((s) =>
        s.change === 'added' ? <ins safe>{s.text}</ins> : s.change === 'removed' ? <del safe>{s.text}</del> : <span safe>{s.text}</span>,
      )}
    </>
  );
}

function Changes({ changes }: { changes: FieldChange[] }): JSX.Element {
  const plain = changes.filter((c) => c.field !== 'title' && c.field !== 'description');
  if (plain.length === 0) return '';
  return (
    <TableScroll label="Autres champs modifiés">
      <table class="list">
        <caption>Autres champs modifiés</caption>
        <thead>
          <tr>
            <th scope="col">Champ</th>
            <th scope="col">Version en ligne</th>
            <th scope="col">Nouvelle version</th>
          </tr>
        </thead>
        <tbody>
          {plain.map((c) => (
            <tr>
              <th scope="row" safe>
                {FIELD_LABELS[c.field] ?? c.field}
              </th>
              <td>
                <del safe>{shown(c.field, c.before)}</del>
              </td>
              <td>
                <ins safe>{shown(c.field, c.after)}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Facts({ content }: { content: ListingContent }): JSX.Element {
  return (
    <dl class="facts-list">
      {FACT_FIELDS.map((field) => (
        <>
          <dt safe>{FIELD_LABELS[field] ?? field}</dt>
          <dd safe>{shown(field, content[field])}</dd>
        </>
      ))}
    </dl>
  );
}

/** The decision on a pending version: a reason for the agency (chosen or written), approve or reject. */
export function DecisionForm({
  listing,
  reasons,
  csrf,
}: {
  listing: Listing;
  reasons: Array<{ label: string; text: string }>;
  csrf: string;
}): JSX.Element {
  return (
    <form method="post" action={`/admin/moderation/${listing.serviceId}`} class="decision">
      <Csrf token={csrf} />
      <input type="hidden" name="version" value={String(listing.version)} />
      <div>
        <label for="f-reasonChoice">Motif montré à l’agence</label>
        <select id="f-reasonChoice" name="reasonChoice">
          <option value="">— Aucun (ou écrit ci-dessous) —</option>
          {reasons.map((r) => (
            <option value={r.text} safe>
              {r.text}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="f-reason">Ou motif rédigé</label>
        <input id="f-reason" name="reason" type="text" maxlength="1000" />
      </div>
      <p class="actions">
        <button type="submit" name="decision" value="approve" accesskey="a">
          Approuver et publier
        </button>{' '}
        <button type="submit" name="decision" value="reject" accesskey="r" class="secondary">
          Refuser
        </button>
      </p>
      <p class="legal">
        Raccourcis : Alt+A approuver, Alt+R refuser, Alt+N annonce suivante (Alt+Maj sous Firefox, Ctrl+Option sous macOS).
      </p>
    </form>
  );
}

/** The version under review: its title and description with the differences marked, its facts or changes, its photos. */
export function NewVersion({ listing, diff }: { listing: Listing; diff: VersionDiff | null }): JSX.Element {
  const content = listing.content;
  return (
    <section>
      <h2 safe>{`Nouvelle version (v${listing.version})`}</h2>
      {diff?.title ? (
        <p>
          <strong>Titre : </strong>
          <Segments segments={diff.title} />
        </p>
      ) : (
        ''
      )}
      <h3>Description</h3>
      <p class="description">
        {diff?.description ? <Segments segments={diff.description} /> : <span safe>{content.description ?? '—'}</span>}
      </p>
      {diff ? <Changes changes={diff.changed} /> : <Facts content={content} />}
      <h3>Photos</h3>
      {content.photos.length ? (
        <ul class="photos">
          {content.photos.map((photo) => (
            <li>
              <img
                src={photo.url}
                alt={photo.label ?? 'Photo de l’annonce'}
                loading="lazy"
                referrerpolicy="no-referrer"
                width="240"
                height="180"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p>Aucune photo.</p>
      )}
    </section>
  );
}

/** The version the public sees, or that there is none yet. */
export function PublishedVersion({ item }: { item: QueuedListing }): JSX.Element {
  return (
    <section>
      <h2>{item.published ? `Version en ligne (v${item.published.version})` : 'Aucune version en ligne'}</h2>
      {item.published ? (
        <>
          <p safe>{item.published.content.title}</p>
          <h3>Description</h3>
          <p class="description" safe>
            {item.published.content.description ?? '—'}
          </p>
          <Facts content={item.published.content} />
        </>
      ) : (
        <p>L’annonce n’a jamais été publiée : la nouvelle version est la première.</p>
      )}
    </section>
  );
}
