import type { Listing, ListingContent } from '../../../domain/listing-model/model.js';
import { PUBLICATION_PROMISE_SECONDS, type QueuedListing, type QueueSummary } from '../../../domain/listings/moderation-queue.js';
import { describeReason } from '../../../domain/moderation/messages.js';
import type { FieldChange, TextSegment, VersionDiff } from '../../../domain/moderation/version-diff.js';
import { euros, squareMetres } from '../../html/format.js';
import { PROPERTY_TYPE_LABELS, reasonLabel, TRANSACTION_LABELS } from '../../html/labels.js';
import { AdminPage, Csrf, duration, Flash, when, type Viewer } from './frame.js';
import { TableScroll } from '../../html/page-parts.js';

const reasonsOf = (listing: Listing) => listing.moderationReasons.map((r) => ({ label: reasonLabel(r), text: describeReason(r).fr }));

/** The queue: versions waiting for an operator, oldest first. */
export function QueuePage({
  viewer,
  items,
  total,
  now,
  next,
  flash,
}: {
  viewer: Viewer;
  items: QueueSummary[];
  total: number;
  now: Date;
  next: string | null;
  flash: string | null;
}): JSX.Element {
  return (
    <AdminPage title="Modération" section="moderation" viewer={viewer}>
      <h1>File de modération</h1>
      <Flash text={flash} />
      <p safe>{`${total} annonce${total > 1 ? 's' : ''} en attente, la plus ancienne d’abord.`}</p>
      {items.length ? (
        <p>
          <a href={`/admin/moderation/${items[0]!.serviceId}`} accesskey="n">
            Examiner la première annonce
          </a>
        </p>
      ) : (
        ''
      )}
      <TableScroll label="Annonces en attente de décision">
        <table class="list">
          <caption class="sr">Annonces en attente de décision</caption>
          <thead>
            <tr>
              <th scope="col">Annonce</th>
              <th scope="col">Agence</th>
              <th scope="col">Attente</th>
              <th scope="col">Motifs</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr>
                <td>
                  <a href={`/admin/moderation/${item.serviceId}`} safe>
                    {item.title}
                  </a>
                  <span
                    class="muted"
                    safe
                  >{` v${item.version}${item.publishedVersion !== null ? ` (v${item.publishedVersion} en ligne)` : ''}`}</span>
                </td>
                <td safe>{item.agencyName}</td>
                <td class={now.getTime() - item.submittedAt.getTime() > PUBLICATION_PROMISE_SECONDS * 1000 ? 'late' : undefined} safe>
                  {duration((now.getTime() - item.submittedAt.getTime()) / 1000)}
                </td>
                <td>
                  {item.reasons.map((r) => (
                    <span class="badge" title={describeReason(r).fr} safe>
                      {reasonLabel(r)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {next ? (
        <p>
          <a href={`/admin/moderation?apres=${encodeURIComponent(next)}`}>Annonces suivantes</a>
        </p>
      ) : (
        ''
      )}
    </AdminPage>
  );
}

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
  const fields: Array<keyof ListingContent> = [
    'transaction',
    'propertyType',
    'price',
    'charges',
    'surface',
    'rooms',
    'bedrooms',
    'floor',
    'city',
    'postcode',
    'neighborhood',
    'addressLine',
    'dpe',
    'ges',
    'features',
    'fees',
  ];
  return (
    <dl class="facts-list">
      {fields.map((field) => (
        <>
          <dt safe>{FIELD_LABELS[field] ?? field}</dt>
          <dd safe>{shown(field, content[field])}</dd>
        </>
      ))}
    </dl>
  );
}

export interface ReviewView {
  item: QueuedListing;
  diff: VersionDiff | null;
  nextId: string | null;
  now: Date;
  error: string | null;
}

/** One flagged version, the approved one beside it with the differences marked, and the decision. */
export function ReviewPage({ viewer, view }: { viewer: Viewer; view: ReviewView }): JSX.Element {
  const { item, diff } = view;
  const listing = item.listing;
  const content = listing.content;
  const reasons = reasonsOf(listing);
  const pending = listing.moderationState === 'pending';
  return (
    <AdminPage title={`Examen : ${content.title}`} section="moderation" viewer={viewer}>
      <p>
        <a href="/admin/moderation">← File de modération</a>
        {view.nextId ? (
          <>
            {' · '}
            <a href={`/admin/moderation/${view.nextId}`} accesskey="n">
              Annonce suivante
            </a>
          </>
        ) : (
          ''
        )}
      </p>
      <h1 safe>{content.title}</h1>
      {view.error ? (
        <div class="notice" role="alert" id="erreurs">
          <p safe>{view.error}</p>
        </div>
      ) : (
        ''
      )}
      <p safe>
        {`${item.agencyName} · référence ${listing.externalId} · version ${listing.version} soumise le ${when(item.submittedAt)}, en attente depuis ${duration((view.now.getTime() - item.submittedAt.getTime()) / 1000)}`}
      </p>
      {!pending ? (
        <p
          class="notice ok"
          role="status"
          safe
        >{`Cette version a déjà été décidée : ${listing.moderationState === 'approved' ? 'approuvée' : 'refusée'}.`}</p>
      ) : (
        ''
      )}
      <h2>Motifs</h2>
      <ul>
        {reasons.map((r) => (
          <li>
            <strong safe>{`${r.label} :`}</strong> <span safe>{r.text}</span>
          </li>
        ))}
      </ul>
      {pending ? (
        <form method="post" action={`/admin/moderation/${listing.serviceId}`} class="decision">
          <Csrf token={viewer.csrf} />
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
      ) : (
        ''
      )}
      <div class="compare">
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
      </div>
    </AdminPage>
  );
}
