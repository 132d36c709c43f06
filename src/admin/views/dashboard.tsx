import type { ServiceHealth } from '../../operations/service-health.js';
import { AdminPage, duration, Flash, type Viewer } from './frame.js';

const seconds = (value: number | null) => (value === null ? '—' : duration(value));

/** Service health against the two promises: publication in 2 hours on average, verification within 48 hours. */
export function DashboardPage({ viewer, health, flash }: { viewer: Viewer; health: ServiceHealth; flash: string | null }): JSX.Element {
  const m = health.moderation;
  const v = health.verification;
  return (
    <AdminPage title="Tableau de bord" section="dashboard" viewer={viewer}>
      <h1>Tableau de bord</h1>
      <Flash text={flash} />
      <h2>Modération</h2>
      <p>
        Promesse : publication en <strong>2 h</strong> en moyenne.{' '}
        {m.keptPromise === null ? (
          'Aucune décision d’opérateur ces 7 derniers jours.'
        ) : m.keptPromise ? (
          <strong class="good">Tenue sur 7 jours.</strong>
        ) : (
          <strong class="late">Non tenue sur 7 jours.</strong>
        )}
      </p>
      <dl class="figures">
        <div>
          <dt>Délai médian (p50)</dt>
          <dd safe>{seconds(m.p50Seconds)}</dd>
        </div>
        <div>
          <dt>Délai p95</dt>
          <dd safe>{seconds(m.p95Seconds)}</dd>
        </div>
        <div>
          <dt>Délai moyen</dt>
          <dd safe>{seconds(m.meanSeconds)}</dd>
        </div>
        <div>
          <dt>Décisions (7 jours)</dt>
          <dd safe>{String(m.decisions)}</dd>
        </div>
        <div>
          <dt>En attente</dt>
          <dd>
            <a href="/admin/moderation" safe>
              {String(m.queueLength)}
            </a>
          </dd>
        </div>
        <div>
          <dt>Plus ancienne attente</dt>
          <dd class={m.oldestWaitingSeconds !== null && m.oldestWaitingSeconds > m.promiseSeconds ? 'late' : undefined} safe>
            {seconds(m.oldestWaitingSeconds)}
          </dd>
        </div>
      </dl>
      <h2>Vérification des agences</h2>
      <dl class="figures">
        <div>
          <dt>En attente</dt>
          <dd>
            <a href="/admin/verifications" safe>
              {String(v.waiting)}
            </a>
          </dd>
        </div>
        <div>
          <dt>En retard (plus de 48 h)</dt>
          <dd class={v.overdue > 0 ? 'late' : undefined} safe>
            {String(v.overdue)}
          </dd>
        </div>
        <div>
          <dt>Plus ancienne demande</dt>
          <dd safe>{seconds(v.oldestWaitingSeconds)}</dd>
        </div>
      </dl>
    </AdminPage>
  );
}
