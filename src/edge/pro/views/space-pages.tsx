import { complianceWarnings, type ComplianceWarning } from '../../../domain/compliance/legal-mention-rules.js';
import type { Agency } from '../../../domain/agencies/agency-store.js';
import { PLAN_BATCH_SIZES, PLAN_DAILY_REQUESTS, PLAN_NAMES, PLAN_WEBHOOKS } from '../../../domain/agencies/plans.js';
import type { User } from '../../../domain/accounts/user-store.js';
import { PRO_INBOX_PATH } from '../../../domain/leads/links.js';
import type { Listing } from '../../../domain/listing-model/model.js';
import type { QueuedListing } from '../../../domain/listings/moderation-queue.js';
import { describeReason } from '../../../domain/moderation/messages.js';
import { isOnSale, isPublic, publicUrl } from '../../../domain/public-listings/visibility.js';
import { Csrf, duration, when, PostButton, TableScroll } from '../../html/page-parts.js';
import { commercialStatusLabel, reasonLabel } from '../../html/labels.js';
import { ProPage, type ProViewer } from './frame.js';
import type { AudienceCounts, AudienceReport } from '../../../domain/audience/report.js';
import { AudienceSection, viewsAndContacts } from './audience.js';

const number = new Intl.NumberFormat('fr-FR');
const STATE: Record<Listing['moderationState'], string> = { pending: 'en attente de modération', approved: 'publiée', rejected: 'refusée' };
const statusOf = (listing: Listing) => commercialStatusLabel(listing.status, listing.content.transaction);

export interface DashboardView {
  agency: Agency;
  verificationSecondsLeft: number;
  counts: { listings: number; pending: number; unreadLeads: number };
  calls24h: number;
  freeUntil: Date;
  now: Date;
  /** Webhook endpoints the service disabled because every delivery failed for 5 days. */
  failingWebhooks: number;
}

/** Verification status with the 48 hours, the plan and its limits, quota use and counts. */
export function DashboardPage({
  viewer,
  view,
  audience,
}: {
  viewer: ProViewer;
  view: DashboardView;
  audience: AudienceReport;
}): JSX.Element {
  const { agency } = view;
  const daily = PLAN_DAILY_REQUESTS[agency.plan];
  return (
    <ProPage title="Tableau de bord" section="dashboard" viewer={viewer}>
      <h1 safe>{agency.name}</h1>
      {agency.suspendedAt ? (
        <p
          class="notice"
          role="alert"
          safe
        >{`Compte suspendu : vos clés sont refusées et vos annonces sont hors du site. Motif : ${agency.suspensionReason ?? '—'}`}</p>
      ) : agency.verified ? (
        <p class="notice ok" role="status">
          SIREN vérifié : vous pouvez créer des clés LIVE.{' '}
          {viewer.role === 'admin' ? (
            <a href="/pro/api-keys#nouvelle-cle">Générez une clé LIVE ici</a>
          ) : (
            'Un administrateur de l’agence les génère dans « Clés d’API ».'
          )}
        </p>
      ) : agency.verificationRefusalReason ? (
        <p
          class="notice"
          role="alert"
          safe
        >{`Vérification refusée : ${agency.verificationRefusalReason}. Écrivez au support pour la reprendre.`}</p>
      ) : (
        <p class="notice" role="status">
          {view.verificationSecondsLeft > 0
            ? `SIREN en cours de vérification : réponse sous ${duration(view.verificationSecondsLeft)} au plus. En attendant, utilisez votre clé TEST dans le bac à sable.`
            : 'SIREN en cours de vérification : le délai de 48 heures est dépassé, nous nous en excusons ; la vérification est prioritaire.'}
        </p>
      )}
      {view.failingWebhooks > 0 ? (
        <p class="notice" role="alert">
          <span
            safe
          >{`${view.failingWebhooks} point${view.failingWebhooks > 1 ? 's' : ''} de réception webhook désactivé${view.failingWebhooks > 1 ? 's' : ''} : toutes les livraisons ont échoué pendant 5 jours.`}</span>{' '}
          <a href="/pro/webhooks">Voir les webhooks</a>
        </p>
      ) : (
        ''
      )}
      <h2 safe>{`Formule ${PLAN_NAMES[agency.plan]}`}</h2>
      <dl class="figures">
        <div>
          <dt>Appels v1 par jour</dt>
          <dd safe>{daily === null ? 'illimités' : number.format(daily)}</dd>
        </div>
        <div>
          <dt>Annonces par lot v1</dt>
          <dd safe>{number.format(PLAN_BATCH_SIZES[agency.plan])}</dd>
        </div>
        <div>
          <dt>Webhooks</dt>
          <dd safe>{number.format(PLAN_WEBHOOKS[agency.plan])}</dd>
        </div>
        <div>
          <dt>{daily === null ? 'Appels LIVE sur 24 h' : 'Appels v1 sur 24 h'}</dt>
          <dd safe>{daily === null ? number.format(view.calls24h) : `${number.format(view.calls24h)} / ${number.format(daily)}`}</dd>
        </div>
      </dl>
      <p safe>{`Gratuit jusqu’au ${when(view.freeUntil).split(' ')[0]} ; la facturation n’est pas gérée ici.`}</p>
      <h2>En bref</h2>
      <dl class="figures">
        <div>
          <dt>Annonces</dt>
          <dd>
            <a href="/pro/listings" safe>
              {number.format(view.counts.listings)}
            </a>
          </dd>
        </div>
        <div>
          <dt>En modération</dt>
          <dd safe>{number.format(view.counts.pending)}</dd>
        </div>
        <div>
          <dt>Contacts non lus</dt>
          <dd>
            <a href={PRO_INBOX_PATH} safe>
              {number.format(view.counts.unreadLeads)}
            </a>
          </dd>
        </div>
      </dl>
      <AudienceSection
        id="audience"
        report={audience}
        heading={`Audience de vos annonces, ${audience.days.length} derniers jours`}
        caption="Audience de toutes vos annonces par jour, le plus récent d’abord"
      />
    </ProPage>
  );
}

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
const onSite = (listing: Listing, agencySuspended: boolean) => isPublic(listing, agencySuspended);

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
                    <span safe>{STATE[listing.moderationState]}</span>
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
                <td data-label="En ligne">
                  {onSite(listing, agencySuspended) ? <a href={publicUrl(siteUrl, listing.serviceId)}>Voir</a> : '—'}
                </td>
                <td data-label="Sur 28 jours" safe>
                  {viewsAndContacts(audience.get(listing.serviceId))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {pages > 1 ? (
        <p>
          {page > 1 ? <a href={`/pro/listings?page=${page - 1}`}>Page précédente</a> : ''} <span safe>{`Page ${page} sur ${pages}`}</span>{' '}
          {page < pages ? <a href={`/pro/listings?page=${page + 1}`}>Page suivante</a> : ''}
        </p>
      ) : (
        ''
      )}
    </ProPage>
  );
}

/** What the public sees (the published version) beside the latest content, with the reasons. */
/** The legal mentions the ad lacks (issue 21): advice for the agency, never a reason it is held back. */
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
  const offSite = offSiteReason(listing, agencySuspended);
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
    <ProPage title={listing.content.title} section="listings" viewer={viewer}>
      <p>
        <a href="/pro/listings">← Vos annonces</a>
      </p>
      <h1 safe>{listing.content.title}</h1>
      <p
        safe
      >{`Référence ${listing.externalId} · version ${listing.version} · ${STATE[listing.moderationState]} · ${statusOf(listing)}`}</p>
      {listing.moderationReasons.length ? (
        <>
          <h2>Motifs de modération</h2>
          <ul>
            {listing.moderationReasons.map((reason) => (
              <li safe>{describeReason(reason).fr}</li>
            ))}
          </ul>
        </>
      ) : (
        ''
      )}
      <ComplianceList warnings={complianceWarnings(listing.content)} />
      <div class="compare">
        <section>
          <h2 safe>{`Dernière version (v${listing.version})`}</h2>
          <p class="description" safe>
            {listing.content.description ?? '—'}
          </p>
        </section>
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

export function TeamPage({
  viewer,
  team,
  invitation,
}: {
  viewer: ProViewer;
  team: User[];
  invitation: { link: string; role: string } | null;
}): JSX.Element {
  return (
    <ProPage title="Équipe" section="team" viewer={viewer}>
      <h1>Équipe</h1>
      {invitation ? (
        <div class="notice ok" role="status">
          <p
            safe
          >{`Lien d’invitation (${invitation.role === 'admin' ? 'administrateur' : 'agent'}), affiché une seule fois, valable 7 jours :`}</p>
          <p>
            <code safe>{invitation.link}</code>
          </p>
        </div>
      ) : (
        ''
      )}
      <TableScroll label="Membres de l’agence">
        <table class="list">
          <caption class="sr">Membres de l’agence</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Rôle</th>
              <th scope="col">Depuis</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {team.map((user) => (
              <tr>
                <td safe>{user.email}</td>
                <td>{user.role === 'admin' ? 'administrateur' : 'agent'}</td>
                <td safe>{when(user.createdAt)}</td>
                <td>
                  {user.email === viewer.email ? (
                    'vous'
                  ) : (
                    <PostButton
                      csrf={viewer.csrf}
                      action={`/pro/team/${user.id}/remove`}
                      label="Retirer"
                      ariaLabel={`Retirer ${user.email}`}
                      secondary
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h2>Inviter quelqu’un</h2>
      <form method="post" action="/pro/team/invitations" class="inline">
        <Csrf token={viewer.csrf} />
        <label for="f-role">Rôle</label>
        <select id="f-role" name="role">
          <option value="agent">Agent (annonces, contacts)</option>
          <option value="admin">Administrateur (clés, webhooks, équipe)</option>
        </select>{' '}
        <button type="submit">Créer un lien d’invitation</button>
      </form>
    </ProPage>
  );
}
