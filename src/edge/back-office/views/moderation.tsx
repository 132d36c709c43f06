import type { Listing } from '../../../domain/listing-model/model.js';
import { PUBLICATION_PROMISE_SECONDS, type QueuedListing, type QueueSummary } from '../../../domain/listings/moderation-queue.js';
import { describeReason } from '../../../domain/moderation/messages.js';
import type { VersionDiff } from '../../../domain/moderation/version-diff.js';
import { reasonLabel } from '../../html/labels.js';
import { AdminPage, duration, Flash, when, type Viewer } from './frame.js';
import { TableScroll } from '../../html/page-parts.js';
import { DecisionForm, NewVersion, PublishedVersion } from './review-parts.js';

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
      {pending ? <DecisionForm listing={listing} reasons={reasons} csrf={viewer.csrf} /> : ''}
      <div class="compare">
        <NewVersion listing={listing} diff={diff} />
        <PublishedVersion item={item} />
      </div>
    </AdminPage>
  );
}
