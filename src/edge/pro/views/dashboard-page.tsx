import type { Children } from '@kitajs/html';
import type { Agency } from '../../../domain/agencies/agency-store.js';
import { PLAN_BATCH_SIZES, PLAN_DAILY_REQUESTS, PLAN_NAMES, PLAN_WEBHOOKS } from '../../../domain/agencies/plans.js';
import type { AudienceReport } from '../../../domain/audience/report.js';
import { PRO_INBOX_PATH } from '../../../domain/leads/links.js';
import { duration, when } from '../../html/page-parts.js';
import { AudienceSection } from './audience.js';
import { ProPage, type ProViewer } from './frame.js';

const number = new Intl.NumberFormat('fr-FR');

export interface DashboardView {
  agency: Agency;
  verificationSecondsLeft: number;
  counts: { listings: number; pending: number; unreadLeads: number };
  calls24h: number;
  freeUntil: Date;
  now: Date;
  /** Webhook endpoints the service disabled because every delivery failed for 5 days. */
  failingWebhooks: number;
  /** LIVE keys not revoked. */
  liveKeys: number;
}

/** Where the agency's account stands: suspended, verified, refused, or its SIREN check under way with the time left. */
function AccountStatusNotice({ viewer, view }: { viewer: ProViewer; view: DashboardView }): JSX.Element {
  const { agency } = view;
  return agency.suspendedAt ? (
    <p
      class="notice"
      role="alert"
      safe
    >{`Compte suspendu : vos clés sont refusées et vos annonces sont hors du site. Motif : ${agency.suspensionReason ?? '—'}`}</p>
  ) : agency.verified ? (
    view.liveKeys > 0 ? (
      <p class="notice ok" role="status">
        <span
          safe
        >{`SIREN vérifié. ${view.liveKeys === 1 ? 'Une clé LIVE est active' : `${view.liveKeys} clés LIVE sont actives`} :`}</span>{' '}
        {viewer.role === 'admin' ? <a href="/pro/api-keys">voir les clés et leur usage</a> : 'voir « Clés d’API » avec un administrateur'}
      </p>
    ) : (
      <p class="notice ok" role="status">
        SIREN vérifié : vous pouvez créer des clés LIVE.{' '}
        {viewer.role === 'admin' ? (
          <a href="/pro/api-keys#nouvelle-cle">Générez une clé LIVE ici</a>
        ) : (
          'Un administrateur de l’agence les génère dans « Clés d’API ».'
        )}
      </p>
    )
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
  );
}

/** The webhook endpoints the service disabled, when there are some. */
function FailingWebhooksNotice({ failing }: { failing: number }): JSX.Element {
  return failing > 0 ? (
    <p class="notice" role="alert">
      <span
        safe
      >{`${failing} point${failing > 1 ? 's' : ''} de réception webhook désactivé${failing > 1 ? 's' : ''} : toutes les livraisons ont échoué pendant 5 jours.`}</span>{' '}
      <a href="/pro/webhooks">Voir les webhooks</a>
    </p>
  ) : (
    ''
  );
}

/** The plan's limits, the calls of the last 24 hours against them, and the free period. */
function PlanFigures({ view }: { view: DashboardView }): JSX.Element {
  const { agency } = view;
  const daily = PLAN_DAILY_REQUESTS[agency.plan];
  return (
    <>
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
    </>
  );
}

/** The listings, those waiting for moderation and the unread contacts. */
function CountFigures({ counts }: { counts: DashboardView['counts'] }): JSX.Element {
  return (
    <>
      <h2>En bref</h2>
      <dl class="figures">
        <div>
          <dt>Annonces</dt>
          <dd>
            <a href="/pro/listings" safe>
              {number.format(counts.listings)}
            </a>
          </dd>
        </div>
        <div>
          <dt>En modération</dt>
          <dd safe>{number.format(counts.pending)}</dd>
        </div>
        <div>
          <dt>Contacts non lus</dt>
          <dd>
            <a href={PRO_INBOX_PATH} safe>
              {number.format(counts.unreadLeads)}
            </a>
          </dd>
        </div>
      </dl>
    </>
  );
}

/** Verification status with the 48 hours, the plan and its limits, quota use and counts; `children`: the user's own notices. */
export function DashboardPage({
  viewer,
  view,
  audience,
  children,
}: {
  viewer: ProViewer;
  view: DashboardView;
  audience: AudienceReport;
  children?: Children;
}): JSX.Element {
  return (
    <ProPage title="Tableau de bord" section="dashboard" viewer={viewer}>
      <h1 safe>{view.agency.name}</h1>
      <AccountStatusNotice viewer={viewer} view={view} />
      {children}
      <FailingWebhooksNotice failing={view.failingWebhooks} />
      <PlanFigures view={view} />
      <CountFigures counts={view.counts} />
      <AudienceSection
        id="audience"
        report={audience}
        heading={`Audience de vos annonces, ${audience.days.length} derniers jours`}
        caption="Audience de toutes vos annonces par jour, le plus récent d’abord"
      />
    </ProPage>
  );
}
