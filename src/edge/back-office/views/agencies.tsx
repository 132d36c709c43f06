import type { Agency } from '../../../domain/agencies/agency-store.js';
import { PLANS } from '../../../domain/agencies/plans.js';
import type { AuditRecord } from '../../../domain/audit/audit-log.js';
import { AuditList } from './audit.js';
import type { ApiKeyRecord } from '../../../domain/keys/key-store.js';
import { AdminPage, Csrf, Flash, when, type Viewer } from './frame.js';
import { PostButton, TableScroll } from '../../html/page-parts.js';
import { planLabel } from '../../html/labels.js';

function state(agency: Agency): string {
  if (agency.suspendedAt) return 'suspendue';
  if (agency.verified) return 'vérifiée';
  if (agency.verificationRefusedAt) return 'vérification refusée';
  return 'en attente de vérification';
}

export function AgenciesPage({
  viewer,
  query,
  agencies,
  flash,
}: {
  viewer: Viewer;
  query: string;
  agencies: Agency[];
  flash: string | null;
}): JSX.Element {
  return (
    <AdminPage title="Agences" section="agencies" viewer={viewer}>
      <h1>Agences</h1>
      <Flash text={flash} />
      <form method="get" action="/admin/agencies" role="search" class="inline-search">
        <label for="f-q">Nom, SIREN, e-mail ou identifiant</label>
        <input id="f-q" name="q" type="search" value={query} maxlength="200" />
        <button type="submit">Rechercher</button>
      </form>
      <TableScroll label="Agences trouvées">
        <table class="list">
          <caption class="sr">Agences trouvées</caption>
          <thead>
            <tr>
              <th scope="col">Agence</th>
              <th scope="col">Plan</th>
              <th scope="col">État</th>
              <th scope="col">Inscrite le</th>
            </tr>
          </thead>
          <tbody>
            {agencies.map((agency) => (
              <tr>
                <td>
                  <a href={`/admin/agencies/${agency.id}`} safe>
                    {agency.name}
                  </a>
                </td>
                <td safe>{planLabel(agency.plan)}</td>
                <td safe>{state(agency)}</td>
                <td safe>{when(agency.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {agencies.length === 0 ? <p>Aucune agence ne correspond.</p> : ''}
    </AdminPage>
  );
}

/** What the back-office knows of an agency: id, state, SIREN, e-mail, sign-up, and the reasons of a refusal or a suspension. */
function AgencyFacts({ agency }: { agency: Agency }): JSX.Element {
  return (
    <dl class="facts-list">
      <dt>Identifiant</dt>
      <dd safe>{agency.id}</dd>
      <dt>État</dt>
      <dd safe>{state(agency)}</dd>
      <dt>SIREN</dt>
      <dd safe>{agency.siren ?? '—'}</dd>
      <dt>E-mail</dt>
      <dd safe>{agency.email ?? '—'}</dd>
      <dt>Inscrite le</dt>
      <dd safe>{when(agency.createdAt)}</dd>
      {agency.verificationRefusalReason ? (
        <>
          <dt>Motif du refus</dt>
          <dd safe>{agency.verificationRefusalReason}</dd>
        </>
      ) : (
        ''
      )}
      {agency.suspensionReason ? (
        <>
          <dt>Motif de la suspension</dt>
          <dd safe>{agency.suspensionReason}</dd>
        </>
      ) : (
        ''
      )}
    </dl>
  );
}

/** The operator's actions on an agency: its plan, and its suspension or reinstatement. */
function AgencyActions({ agency, csrf }: { agency: Agency; csrf: string }): JSX.Element {
  const base = `/admin/agencies/${agency.id}`;
  return (
    <>
      <h2>Plan</h2>
      <form method="post" action={`${base}/plan`} class="inline">
        <Csrf token={csrf} />
        <label for="f-plan">Plan (s’applique dès l’appel suivant)</label>
        <select id="f-plan" name="plan">
          {PLANS.map((plan) => (
            <option value={plan} selected={plan === agency.plan} safe>
              {planLabel(plan)}
            </option>
          ))}
        </select>{' '}
        <button type="submit">Changer de plan</button>
      </form>
      <h2>Suspension</h2>
      {agency.suspendedAt ? (
        <form method="post" action={`${base}/reinstate`}>
          <Csrf token={csrf} />
          <p safe>{`Suspendue depuis le ${when(agency.suspendedAt)} : ses clés sont refusées et ses annonces sont hors du site.`}</p>
          <button type="submit">Lever la suspension</button>
        </form>
      ) : (
        <form method="post" action={`${base}/suspend`} class="refuse">
          <Csrf token={csrf} />
          <label for="f-suspend">Motif (clés refusées, annonces retirées du site ; réversible)</label>
          <input id="f-suspend" name="reason" type="text" required maxlength="1000" />
          <button type="submit" class="secondary">
            Suspendre l’agence
          </button>
        </form>
      )}
    </>
  );
}

/** The agency's API keys, each revocable. */
function AgencyKeys({ keys, csrf }: { keys: ApiKeyRecord[]; csrf: string }): JSX.Element {
  return (
    <TableScroll label="Clés de l’agence">
      <table class="list">
        <caption class="sr">Clés de l’agence</caption>
        <thead>
          <tr>
            <th scope="col">Clé</th>
            <th scope="col">Nom</th>
            <th scope="col">Environnement</th>
            <th scope="col">Dernier appel</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr>
              <td>
                <code safe>{key.display}</code>
              </td>
              <td safe>{key.name}</td>
              <td safe>{key.env.toUpperCase()}</td>
              <td>{key.lastUsedAt ? when(key.lastUsedAt) : 'jamais utilisée'}</td>
              <td>
                {key.revokedAt ? (
                  <span safe>{`révoquée le ${when(key.revokedAt)}`}</span>
                ) : (
                  <PostButton
                    csrf={csrf}
                    action={`/admin/keys/${key.id}/revoke`}
                    label="Révoquer"
                    ariaLabel={`Révoquer la clé ${key.name}`}
                    secondary
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function AgencyPage({
  viewer,
  agency,
  keys,
  audit,
  flash,
}: {
  viewer: Viewer;
  agency: Agency;
  keys: ApiKeyRecord[];
  audit: AuditRecord[];
  flash: string | null;
}): JSX.Element {
  return (
    <AdminPage title={agency.name} section="agencies" viewer={viewer}>
      <p>
        <a href="/admin/agencies">← Agences</a>
      </p>
      <h1 safe>{agency.name}</h1>
      <Flash text={flash} />
      <AgencyFacts agency={agency} />
      <AgencyActions agency={agency} csrf={viewer.csrf} />
      <h2>Clés d’API</h2>
      <AgencyKeys keys={keys} csrf={viewer.csrf} />
      <h2>Journal de l’agence</h2>
      <AuditList entries={audit} />
    </AdminPage>
  );
}
