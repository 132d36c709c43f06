import type { ImportReport } from '../../../../domain/poliris/import.js';
import type { LineIssue } from '../../../../domain/poliris/contract.js';
import { Csrf, TableScroll, when } from '../../../html/page-parts.js';
import { ProPage, type ProViewer } from '../../views/frame.js';
import { count } from '../../../html/format.js';

const ORIGINS: Record<ImportReport['origin'], string> = {
  upload: 'envoi depuis cette page ou l’API',
  pull: 'récupération planifiée',
  sftp: 'dépôt SFTP',
};

/** What a report says in one line: its counts, or why the file was refused. */
export function reportSummary(report: ImportReport): string {
  if (report.outcome === 'refused') return `Fichier refusé : ${report.refusal?.detail ?? ''}`;
  return (
    `${count(report.created)} créées, ${count(report.updated)} modifiées, ${count(report.unchanged)} inchangées, ` +
    `${count(report.withdrawn)} retirées, ${count(report.errorCount)} en erreur`
  );
}

/** The upload form: the file, the confirmation of withdrawals past the cap, and what the import does. */
function UploadForm({ csrf, sandbox }: { csrf: string; sandbox: boolean }): JSX.Element {
  return (
    <form method="post" action="/pro/imports" enctype="multipart/form-data">
      <Csrf token={csrf} />
      <p>
        Envoyez le fichier que votre logiciel transmet aux portails par ses « passerelles » (format Poliris, l’archive ZIP ou le seul
        fichier Annonces.csv). Il contient toutes vos annonces : celles qu’il ne contient plus sont retirées.
        {sandbox ? ' Votre agence n’est pas encore vérifiée : le fichier est importé dans le bac à sable, pas sur le site.' : ''}
      </p>
      <p>
        Votre logiciel peut aussi l’envoyer seul, chaque nuit : par une adresse où nous le récupérons, ou par dépôt SFTP (
        <a href="/pro/passerelle">envoi automatique</a>).
      </p>
      <label for="f-fichier">Fichier (ZIP ou Annonces.csv)</label>
      <input id="f-fichier" name="fichier" type="file" required accept=".zip,.csv,.txt,application/zip,text/csv" />
      <label class="check">
        <input type="checkbox" name="force" value="true" /> Retirer les annonces absentes même si elles sont plus de 20 % de celles en vente
      </label>
      <p>
        <button type="submit">Importer le fichier</button>
      </p>
    </form>
  );
}

/** The newest reports, each a link to its page. */
function ReportList({ reports }: { reports: readonly ImportReport[] }): JSX.Element {
  if (reports.length === 0) return <p class="muted">Aucun import pour l’instant.</p>;
  return (
    <TableScroll label="Derniers imports">
      <table class="list stacked">
        <caption class="sr">Derniers imports</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Fichier</th>
            <th scope="col">Résultat</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => (
            <tr>
              <td data-label="Date">
                <a href={`/pro/imports/${report.importId}`} safe>
                  {when(report.startedAt)}
                </a>
              </td>
              <td data-label="Fichier" safe>
                {report.fileName ?? ORIGINS[report.origin]}
              </td>
              <td data-label="Résultat" safe>
                {reportSummary(report)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** « Importer un fichier »: the form, what the last upload gave (a refusal), and the newest reports. */
export function ImportsPage(props: {
  viewer: ProViewer;
  reports: readonly ImportReport[];
  sandbox: boolean;
  refusal?: string | null;
}): JSX.Element {
  return (
    <ProPage title="Importer un fichier" section="imports" viewer={props.viewer}>
      <h1>Importer un fichier</h1>
      {props.refusal ? (
        <div class="notice" role="alert" id="erreurs" tabindex="-1">
          <p>
            <strong>Le fichier n’a pas été importé.</strong>
          </p>
          <p safe>{props.refusal}</p>
        </div>
      ) : (
        ''
      )}
      <UploadForm csrf={props.viewer.csrf} sandbox={props.sandbox} />
      <h2>Derniers imports</h2>
      <ReportList reports={props.reports} />
    </ProPage>
  );
}

/** The issues of a report, line by line. */
function IssueTable({ issues, label }: { issues: readonly LineIssue[]; label: string }): JSX.Element {
  return (
    <TableScroll label={label}>
      <table class="list stacked">
        <caption class="sr" safe>
          {label}
        </caption>
        <thead>
          <tr>
            <th scope="col">Ligne</th>
            <th scope="col">Référence</th>
            <th scope="col">Champ</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue) => (
            <tr>
              <td data-label="Ligne" safe>
                {issue.line === null ? 'fichier' : String(issue.line)}
              </td>
              <td data-label="Référence" safe>
                {issue.reference ?? '—'}
              </td>
              <td data-label="Champ" safe>
                {issue.rank === null ? (issue.field ?? '—') : `${issue.field ?? ''} (rang ${issue.rank})`}
              </td>
              <td data-label="Message" safe>
                {issue.message}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const more = (listed: number, total: number) =>
  total > listed ? <p class="muted" safe>{`Les ${count(listed)} premières sont listées, sur ${count(total)}.`}</p> : '';

/** One report: its counts, then its errors and warnings by line. */
export function ImportReportPage({ viewer, report }: { viewer: ProViewer; report: ImportReport }): JSX.Element {
  const figures: Array<[string, number]> = [
    ['Lignes', report.lines],
    ['Créées', report.created],
    ['Modifiées', report.updated],
    ['Inchangées', report.unchanged],
    ['Retirées', report.withdrawn],
    ['En erreur', report.errorCount],
  ];
  return (
    <ProPage title="Rapport d’import" section="imports" viewer={viewer}>
      <h1>Rapport d’import</h1>
      <p safe>{`${when(report.startedAt)} · ${report.fileName ?? ORIGINS[report.origin]}`}</p>
      {report.outcome === 'refused' ? (
        <p class="notice" role="status" safe>
          {`Fichier refusé, rien n’a été modifié : ${report.refusal?.detail ?? ''}`}
        </p>
      ) : (
        ''
      )}
      <dl class="figures">
        {figures.map(([label, value]) => (
          <div>
            <dt safe>{label}</dt>
            <dd safe>{count(value)}</dd>
          </div>
        ))}
      </dl>
      <h2>Erreurs</h2>
      {report.errors.length ? <IssueTable issues={report.errors} label="Erreurs par ligne" /> : <p>Aucune erreur.</p>}
      {more(report.errors.length, report.errorCount)}
      <h2>Remarques</h2>
      {report.warnings.length ? <IssueTable issues={report.warnings} label="Remarques par ligne" /> : <p>Aucune remarque.</p>}
      {more(report.warnings.length, report.warningCount)}
      <p>
        <a href="/pro/imports">Importer un autre fichier</a>
      </p>
    </ProPage>
  );
}
