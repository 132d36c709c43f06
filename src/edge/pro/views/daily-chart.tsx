import type { WeekPanel } from '../../../domain/key-usage/key-usage.js';

const weekday = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
export const dayLabel = (day: string) => weekday.format(new Date(`${day}T12:00:00Z`));

/** Daily calls as bars, failures stacked in a hatched pattern, so the chart reads without colour; the table below says the same. */
export function DailyChart({ panel }: { panel: WeekPanel }): JSX.Element {
  const max = Math.max(1, ...panel.days.map((d) => d.requests));
  const width = 560;
  const height = 160;
  const bar = width / 7;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-labelledby="chart-title">
        <title
          id="chart-title"
          safe
        >{`Appels par jour sur 7 jours : ${panel.days.map((d) => `${dayLabel(d.day)} ${d.requests}`).join(', ')}`}</title>
        <defs>
          <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#fff" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#8a1c00" stroke-width="3" />
          </pattern>
        </defs>
        {panel.days.map((d, i) => {
          const total = (d.requests / max) * height;
          const failed = (d.failures / max) * height;
          return (
            <g>
              <rect x={String(i * bar + 8)} y={String(height - total)} width={String(bar - 16)} height={String(total)} fill="#0b57d0" />
              <rect
                x={String(i * bar + 8)}
                y={String(height - failed)}
                width={String(bar - 16)}
                height={String(failed)}
                fill="url(#hatch)"
                stroke="#8a1c00"
              />
              <text x={String(i * bar + bar / 2)} y={String(height + 18)} text-anchor="middle" font-size="13" safe>
                {dayLabel(d.day)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Barres pleines : appels ; hachures : appels en erreur.</figcaption>
    </figure>
  );
}
