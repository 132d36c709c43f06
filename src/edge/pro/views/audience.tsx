import type { AudienceCounts, AudienceReport } from '../../../domain/audience/report.js';
import { count, plural } from '../../html/format.js';
import { TableScroll } from '../../html/page-parts.js';

/**
 * The audience on the public site (docs/decisions.md §17) as the pro space shows it: one small
 * bar chart per measure, drawn on the server as SVG (no script), and the same numbers in a
 * table below. Each chart has its own scale, written on it: appearances run in the hundreds
 * where contacts run in ones, and one shared scale would flatten the ones that matter most.
 */

// Days are calendar days already: formatted as UTC, they stay the day they name.
const shortDay = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tableDay = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);

const MEASURES: Array<{ key: keyof AudienceCounts; title: string; unit: [string, string] }> = [
  { key: 'searchAppearances', title: 'Apparitions dans les résultats', unit: ['apparition', 'apparitions'] },
  { key: 'detailViews', title: 'Vues de l’annonce', unit: ['vue', 'vues'] },
  { key: 'leads', title: 'Contacts', unit: ['contact', 'contacts'] },
];

/** "12 vues · 1 contact": a listing's period in the listings table. */
export function viewsAndContacts(counts: AudienceCounts | undefined): string {
  const { detailViews, leads } = counts ?? { detailViews: 0, leads: 0 };
  return `${plural(detailViews, 'vue', 'vues')} · ${plural(leads, 'contact', 'contacts')}`;
}

const WIDTH = 320;
const BARS_HEIGHT = 110;
const TOP = 16;
const AXIS = 20;

function MeasureChart({ id, report, measure }: { id: string; report: AudienceReport; measure: (typeof MEASURES)[number] }): JSX.Element {
  const values = report.days.map((d) => d.total[measure.key]);
  const max = Math.max(...values, 0);
  const scale = Math.max(max, 1);
  const step = WIDTH / values.length;
  const gap = step > 6 ? 2 : 0;
  const busiest = report.days[values.indexOf(max)]!;
  const total = report.total[measure.key];
  const summary =
    `${measure.title} par jour, du ${longDay.format(asDate(report.from))} au ${longDay.format(asDate(report.to))} : ` +
    (total === 0
      ? 'aucune.'
      : `${plural(total, ...measure.unit)} en tout, au plus ${count(max)} le ${longDay.format(asDate(busiest.day))}.`);
  // A day label every week, counted from the last day, so the latest day is always named.
  const labelled = report.days.map((_, i) => (values.length - 1 - i) % 7 === 0 || i === 0);
  return (
    <figure class="chart">
      <figcaption>
        <strong safe>{measure.title}</strong>
        <span safe>{` : ${count(total)} sur la période`}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${TOP + BARS_HEIGHT + AXIS}`} role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`} safe>
          {summary}
        </title>
        <line x1="0" y1={String(TOP)} x2={String(WIDTH)} y2={String(TOP)} stroke="#d9d9d9" stroke-dasharray="3 3" />
        <text x={String(WIDTH)} y={String(TOP - 4)} text-anchor="end" font-size="11" fill="#555" safe>
          {`max. ${count(max)}`}
        </text>
        {values.map((value, i) => {
          const height = (value / scale) * BARS_HEIGHT;
          return value > 0 ? (
            <rect
              x={(i * step + gap / 2).toFixed(1)}
              y={(TOP + BARS_HEIGHT - height).toFixed(1)}
              width={Math.max(step - gap, 1).toFixed(1)}
              height={height.toFixed(1)}
              fill="#0b57d0"
            />
          ) : (
            ''
          );
        })}
        <line x1="0" y1={String(TOP + BARS_HEIGHT)} x2={String(WIDTH)} y2={String(TOP + BARS_HEIGHT)} stroke="#1b1b1b" />
        {report.days.map((d, i) =>
          labelled[i] ? (
            <text
              x={(i === 0 ? 0 : i === values.length - 1 ? WIDTH : i * step + step / 2).toFixed(1)}
              y={String(TOP + BARS_HEIGHT + 15)}
              text-anchor={i === 0 ? 'start' : i === values.length - 1 ? 'end' : 'middle'}
              font-size="11"
              fill="#1b1b1b"
              safe
            >
              {shortDay.format(asDate(d.day))}
            </text>
          ) : (
            ''
          ),
        )}
      </svg>
    </figure>
  );
}

/**
 * The section: a heading, what is counted, the three charts and the table. `id` makes the
 * charts' titles unique on the page.
 */
export function AudienceSection({
  id,
  report,
  heading,
  caption,
}: {
  id: string;
  report: AudienceReport;
  heading: string;
  caption: string;
}): JSX.Element {
  const period = `du ${longDay.format(asDate(report.from))} au ${longDay.format(asDate(report.to))}`;
  const quiet = report.total.searchAppearances + report.total.detailViews + report.total.leads === 0;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} safe>
        {heading}
      </h2>
      <p class="muted" safe>
        {`Sur le site public, ${period}, par jour (heure de Paris). Les robots d’indexation ne sont pas comptés ; les dernières secondes peuvent manquer.`}
      </p>
      {quiet ? <p role="status">Aucune visite comptée sur la période.</p> : ''}
      <div class="charts">
        {MEASURES.map((measure) => (
          <MeasureChart id={`${id}-${measure.key}`} report={report} measure={measure} />
        ))}
      </div>
      {quiet ? (
        // A new agency's 28 rows of zeros say nothing the line above does not: folded, still there to open.
        <details>
          <summary>Le détail par jour : que des zéros</summary>
          <DayTable report={report} caption={caption} />
        </details>
      ) : (
        <DayTable report={report} caption={caption} />
      )}
    </section>
  );
}

/** The period day by day, the most recent first, with its totals. */
function DayTable({ report, caption }: { report: AudienceReport; caption: string }): JSX.Element {
  return (
    <TableScroll label={caption}>
      <table class="list numbers">
        <caption safe>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Jour</th>
            {/* A soft hyphen: the longest heading may break on a phone. */}
            <th scope="col">{'Appa\u00adritions'}</th>
            <th scope="col">Vues</th>
            <th scope="col">dont mobile</th>
            <th scope="col">Contacts</th>
          </tr>
        </thead>
        <tbody>
          {[...report.days].reverse().map((d) => (
            <tr>
              <th scope="row" safe>
                {tableDay.format(asDate(d.day))}
              </th>
              <td safe>{count(d.total.searchAppearances)}</td>
              <td safe>{count(d.total.detailViews)}</td>
              <td safe>{count(d.mobile.detailViews)}</td>
              <td safe>{count(d.total.leads)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td safe>{count(report.total.searchAppearances)}</td>
            <td safe>{count(report.total.detailViews)}</td>
            <td safe>{count(report.days.reduce((sum, d) => sum + d.mobile.detailViews, 0))}</td>
            <td safe>{count(report.total.leads)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
