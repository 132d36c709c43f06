import type { CallLine, KeyCard, StatusFilter, WeekPanel } from '../../../domain/key-usage/key-usage.js';
import { TableScroll, when } from '../../html/page-parts.js';
import { DailyChart, dayLabel } from './daily-chart.js';

const number = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/** Which key and which calls the 7-day figures and the call log are about. */
export interface UsageFilters {
  keyId: string | null;
  status: StatusFilter;
}

/** The form that picks a key and a status for the figures and the log. */
export function UsageFilterForm({ cards, filters }: { cards: KeyCard[]; filters: UsageFilters }): JSX.Element {
  return (
    <form method="get" action="/pro/api-keys" class="inline" aria-label="Filtrer les statistiques et le journal">
      <label for="f-key">Clé</label>
      <select id="f-key" name="cle">
        <option value="">Toutes les clés</option>
        {cards.map(({ key }) => (
          <option value={key.id} selected={filters.keyId === key.id} safe>
            {key.name}
          </option>
        ))}
      </select>
      <label for="f-status">Statut</label>
      <select id="f-status" name="statut">
        <option value="all" selected={filters.status === 'all'}>
          Tous
        </option>
        <option value="success" selected={filters.status === 'success'}>
          Réussis
        </option>
        <option value="errors" selected={filters.status === 'errors'}>
          En erreur
        </option>
      </select>
      <button type="submit">Filtrer</button>
    </form>
  );
}

/** The 7 days' figures, their chart and the calls per day. */
export function WeekFigures({ panel }: { panel: WeekPanel }): JSX.Element {
  return (
    <>
      <dl class="figures">
        <div>
          <dt>Appels</dt>
          <dd safe>{number.format(panel.requests)}</dd>
        </div>
        <div>
          <dt>Taux de succès</dt>
          <dd safe>{panel.successRate === null ? '—' : percent.format(panel.successRate)}</dd>
        </div>
        <div>
          <dt>Latence moyenne</dt>
          <dd safe>{panel.averageLatencyMs === null ? '—' : `${number.format(Math.round(panel.averageLatencyMs))} ms`}</dd>
        </div>
        <div>
          <dt>Annonces synchronisées</dt>
          <dd safe>{number.format(panel.listings)}</dd>
        </div>
      </dl>
      <DailyChart panel={panel} />
      <TableScroll label="Appels par jour">
        <table class="list">
          <caption>Appels par jour</caption>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Appels</th>
              <th scope="col">En erreur</th>
              <th scope="col">Annonces</th>
            </tr>
          </thead>
          <tbody>
            {panel.days.map((d) => (
              <tr>
                <th scope="row" safe>
                  {dayLabel(d.day)}
                </th>
                <td safe>{number.format(d.requests)}</td>
                <td safe>{number.format(d.failures)}</td>
                <td safe>{number.format(d.listings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

const CALL_COLUMNS = ['Heure', 'Clé', 'Requête', 'Statut', 'Durée'] as const;

/** The latest calls, most recent first, with the link to older ones; on a phone each call is a block of labelled lines, none cut off. */
export function RecentCalls({
  calls,
  filters,
  keyName,
}: {
  calls: { lines: CallLine[]; next: string | null };
  filters: UsageFilters;
  /** The name of each key by id; a call of a key not named shows its id. */
  keyName: ReadonlyMap<string, string>;
}): JSX.Element {
  return (
    <>
      <TableScroll label="Derniers appels, les plus récents d’abord">
        <table class="list calls stacked">
          <caption class="sr">Derniers appels, les plus récents d’abord</caption>
          <thead>
            <tr>
              {CALL_COLUMNS.map((column) => (
                <th scope="col">{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calls.lines.map((line) => (
              <tr>
                <td data-label={CALL_COLUMNS[0]} safe>
                  {when(line.at)}
                </td>
                <td data-label={CALL_COLUMNS[1]} safe>
                  {keyName.get(line.keyId) ?? line.keyId}
                </td>
                <td data-label={CALL_COLUMNS[2]}>
                  <code safe>{`${line.method} ${line.path}`}</code>
                </td>
                <td data-label={CALL_COLUMNS[3]} safe>
                  {line.errorCode ? `${line.status} ${line.errorCode}` : String(line.status)}
                </td>
                <td data-label={CALL_COLUMNS[4]} safe>{`${number.format(Math.round(line.latencyMs))} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {calls.lines.length === 0 ? <p>Aucun appel pour ces filtres.</p> : ''}
      {calls.next ? (
        <p>
          <a
            href={`/pro/api-keys?${new URLSearchParams({ ...(filters.keyId ? { cle: filters.keyId } : {}), statut: filters.status, avant: calls.next }).toString()}`}
          >
            Appels plus anciens
          </a>
        </p>
      ) : (
        ''
      )}
    </>
  );
}
