import type { AwaitingVerification, SirenCheck } from '../../../domain/verification/verification.js';
import { planLabel } from '../../html/labels.js';
import { Csrf, AdminPage, duration, Flash, when, type Viewer } from './frame.js';

const SIREN_RESULT: Record<SirenCheck, string> = {
  valid: 'clé de contrôle valide',
  invalid: 'clé de contrôle invalide',
  missing: 'non renseigné',
};

/** Agencies awaiting their business-registration check, oldest first (spec part 1 rule 7). */
export function VerificationsPage({
  viewer,
  items,
  total,
  overdue,
  flash,
}: {
  viewer: Viewer;
  items: AwaitingVerification[];
  total: number;
  overdue: number;
  flash: string | null;
}): JSX.Element {
  return (
    <AdminPage title="Vérifications" section="verifications" viewer={viewer}>
      <h1>Agences à vérifier</h1>
      <Flash text={flash} />
      <p safe>{`${total} en attente, dont ${overdue} en retard. Le SIREN doit être vérifié dans les 48 heures suivant l’inscription.`}</p>
      {items.length === 0 ? (
        <p>Aucune agence n’attend de vérification.</p>
      ) : (
        <ol class="queue">
          {items.map((item) => (
            <li class={item.overdue ? 'overdue' : undefined}>
              <h2>
                <a href={`/admin/agencies/${item.agency.id}`} safe>
                  {item.agency.name}
                </a>
              </h2>
              <p>
                <strong class={item.overdue ? 'late' : undefined} safe>
                  {item.overdue ? `En retard de ${duration(-item.secondsLeft)}` : `${duration(item.secondsLeft)} restantes`}
                </strong>{' '}
                <span safe>{`· inscrite le ${when(item.agency.createdAt)} · formule ${planLabel(item.agency.plan)}`}</span>
              </p>
              <p>
                SIREN : <span safe>{item.agency.siren ?? '—'}</span> (<span safe>{SIREN_RESULT[item.siren]}</span>)
                {item.agency.email ? (
                  <>
                    {' '}
                    · <span safe>{item.agency.email}</span>
                  </>
                ) : (
                  ''
                )}
              </p>
              <div class="actions">
                <form method="post" action={`/admin/agencies/${item.agency.id}/verify`}>
                  <Csrf token={viewer.csrf} />
                  <button type="submit">Vérifier</button>
                </form>
                <form method="post" action={`/admin/agencies/${item.agency.id}/refuse`} class="refuse">
                  <Csrf token={viewer.csrf} />
                  <label for={`r-${item.agency.id}`}>Motif du refus (montré à l’agence)</label>
                  <input id={`r-${item.agency.id}`} name="reason" type="text" required maxlength="1000" />
                  <button type="submit" class="secondary">
                    Refuser
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
