import type { ServiceHealth } from '../../../domain/service-health/service-health.js';
import { AdminPage, duration, Flash, type Viewer } from './frame.js';

const seconds = (value: number | null) => (value === null ? '—' : duration(value));

/** One figure of the dashboard: its label, its value, a link to the list behind it, red when late. */
function Figure({ label, value, href, late }: { label: string; value: string; href?: string; late?: boolean }): JSX.Element {
  return (
    <div>
      <dt safe>{label}</dt>
      <dd class={late ? 'late' : undefined}>
        {href ? (
          <a href={href} safe>
            {value}
          </a>
        ) : (
          <span safe>{value}</span>
        )}
      </dd>
    </div>
  );
}

/** Service health against the two promises: publication in 2 hours on average, verification within 48 hours. */
export function DashboardPage({ viewer, health, flash }: { viewer: Viewer; health: ServiceHealth; flash: string | null }): JSX.Element {
  const m = health.moderation;
  const v = health.verification;
  const w = health.webhooks;
  return (
    <AdminPage title="Tableau de bord" section="dashboard" viewer={viewer}>
      <h1>Tableau de bord</h1>
      <Flash text={flash} />
      <h2>Modération</h2>
      <p>
        Promesse : publication en <strong>{m.promiseSeconds / 3600} h</strong> en moyenne.{' '}
        {m.keptPromise === null ? (
          'Aucune décision d’opérateur ces 7 derniers jours.'
        ) : m.keptPromise ? (
          <strong class="good">Tenue sur 7 jours.</strong>
        ) : (
          <strong class="late">Non tenue sur 7 jours.</strong>
        )}
      </p>
      <dl class="figures">
        <Figure label="Délai médian (p50)" value={seconds(m.p50Seconds)} />
        <Figure label="Délai p95" value={seconds(m.p95Seconds)} />
        <Figure label="Délai moyen" value={seconds(m.meanSeconds)} late={m.keptPromise === false} />
        <Figure label="Décisions (7 jours)" value={String(m.decisions)} />
        <Figure label="En attente" value={String(m.queueLength)} href="/admin/moderation" />
        <Figure
          label="Plus ancienne attente"
          value={seconds(m.oldestWaitingSeconds)}
          late={m.oldestWaitingSeconds !== null && m.oldestWaitingSeconds > m.promiseSeconds}
        />
      </dl>
      <h2>Vérification des agences</h2>
      <dl class="figures">
        <Figure label="En attente" value={String(v.waiting)} href="/admin/verifications" />
        <Figure label="En retard (plus de 48 h)" value={String(v.overdue)} late={v.overdue > 0} />
        <Figure
          label="Plus ancienne demande"
          value={seconds(v.oldestWaitingSeconds)}
          late={v.oldestWaitingSeconds !== null && v.oldestWaitingSeconds > v.promiseHours * 3600}
        />
      </dl>
      <h2>Webhooks</h2>
      <dl class="figures">
        <Figure label="Livraisons en attente" value={String(w.pending)} />
        <Figure
          label="Plus ancien changement non livré"
          value={seconds(w.oldestPendingSeconds)}
          late={w.oldestPendingSeconds !== null && w.oldestPendingSeconds > 3600}
        />
      </dl>
    </AdminPage>
  );
}
