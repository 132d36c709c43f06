import { complianceWarnings, type ComplianceWarning } from '../../../domain/compliance/legal-mention-rules.js';
import type { AudienceReport } from '../../../domain/audience/report.js';
import type { Listing } from '../../../domain/listing-model/model.js';
import type { QueuedListing } from '../../../domain/listings/moderation-queue.js';
import { distinctReasonMessages } from '../../../domain/moderation/messages.js';
import { isOnSale, publicUrl } from '../../../domain/public-listings/visibility.js';
import { AudienceSection } from './audience.js';
import { ListingPlace } from './listing-place.js';
import { ProPage, type ProViewer } from './frame.js';
import { MODERATION_STATE_LABELS, statusOf } from './listing-labels.js';

/**
 * Why the public site does not show a listing that has an approved version, or null when it
 * does (the conditions of the public_listings view): a link or a "what the public sees" for a
 * sold, withdrawn or unshared listing would promise a page that answers 410 or 404.
 */
function offSiteReason(listing: Listing, agencySuspended: boolean): string | null {
  if (agencySuspended) return 'Compte suspendu : vos annonces sont hors du site.';
  if (!listing.shareWithService) return 'Annonce non partagée avec le site (shareWithService) : le public ne la voit pas.';
  if (!isOnSale(listing.status))
    return `Hors du site : l’annonce est « ${statusOf(listing)} », sa page publique indique qu’elle n’est plus disponible.`;
  return null;
}

/** The legal mentions the ad lacks: advice for the agency, never a reason it is held back. */
function ComplianceList({ warnings }: { warnings: ComplianceWarning[] }): JSX.Element {
  if (warnings.length === 0) return <p class="notice ok">Mentions légales : rien ne manque.</p>;
  return (
    <section aria-labelledby="conformite">
      <h2 id="conformite">Mentions légales à compléter</h2>
      <p>Ces remarques ne bloquent pas la publication ; la loi vous demande pourtant ces informations.</p>
      <ul>
        {warnings.map((warning) => (
          <li safe>{warning.messageFr}</li>
        ))}
      </ul>
    </section>
  );
}

/** Why moderation holds the listing, when it does. */
function ModerationReasons({ listing }: { listing: Listing }): JSX.Element {
  return listing.moderationReasons.length ? (
    <>
      <h2>Motifs de modération</h2>
      <ul>
        {distinctReasonMessages(listing.moderationReasons).map((message) => (
          <li safe>{message}</li>
        ))}
      </ul>
    </>
  ) : (
    ''
  );
}

/** The published version, as the public sees it (or why it does not), or that none is online yet. */
function PublicVersion({
  item,
  offSite,
  siteUrl,
}: {
  item: QueuedListing;
  /** Why the public site does not show it (null: it does). */
  offSite: string | null;
  siteUrl: string;
}): JSX.Element {
  const { listing } = item;
  const publicVersion =
    listing.publishedVersion === null
      ? null
      : (item.published ?? {
          version: listing.version,
          content: listing.content,
          publicTitle: listing.publicTitle,
          publicDescription: listing.publicDescription,
        });
  return (
    <section>
      <h2>
        {publicVersion
          ? offSite
            ? `Dernière version publiée (v${publicVersion.version}), hors du site`
            : `Ce que voit le public (v${publicVersion.version})`
          : 'Pas encore en ligne'}
      </h2>
      {publicVersion ? (
        <>
          <p safe>{publicVersion.publicTitle}</p>
          <p class="description" safe>
            {publicVersion.publicDescription ?? '—'}
          </p>
          {offSite ? (
            <p safe>{offSite}</p>
          ) : (
            <p>
              <a href={publicUrl(siteUrl, listing.serviceId)}>Voir la page publique</a>
            </p>
          )}
        </>
      ) : (
        <p>L’annonce sera visible dès qu’une version sera approuvée.</p>
      )}
    </section>
  );
}

/** What the public sees (the published version) beside the latest content, with the reasons. */
export function ListingPage({
  viewer,
  item,
  siteUrl,
  agencySuspended,
  audience,
}: {
  viewer: ProViewer;
  item: QueuedListing;
  siteUrl: string;
  agencySuspended: boolean;
  /** Its last 28 days on the site. */
  audience: AudienceReport | null;
}): JSX.Element {
  const { listing } = item;
  return (
    <ProPage title={listing.content.title} section="listings" viewer={viewer}>
      <p>
        <a href="/pro/listings">← Vos annonces</a>
      </p>
      <h1 safe>{listing.content.title}</h1>
      <p
        safe
      >{`Référence ${listing.externalId} · version ${listing.version} · ${MODERATION_STATE_LABELS[listing.moderationState]} · ${statusOf(listing)}`}</p>
      <ModerationReasons listing={listing} />
      <ListingPlace content={listing.content} />
      <ComplianceList warnings={complianceWarnings(listing.content)} />
      <div class="compare">
        <section>
          <h2 safe>{`Dernière version (v${listing.version})`}</h2>
          <p class="description" safe>
            {listing.content.description ?? '—'}
          </p>
        </section>
        <PublicVersion item={item} offSite={offSiteReason(listing, agencySuspended)} siteUrl={siteUrl} />
      </div>
      {audience ? (
        <AudienceSection
          id="audience"
          report={audience}
          heading={`Audience de l’annonce, ${audience.days.length} derniers jours`}
          caption="Audience de l’annonce par jour, le plus récent d’abord"
        />
      ) : (
        ''
      )}
    </ProPage>
  );
}
