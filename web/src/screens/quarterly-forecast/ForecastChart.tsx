/**
 * QF-001 (issue 16): units per sales region per quarter as a plain SVG grouped bar chart: a group
 * per 'YYYY Qn' column, a bar per region in its colour, the legend below. It is drawn from the
 * screen's current lines, so it follows every typed or pasted cell before the save.
 */
import type { ChartSeries, ForecastColumn } from './forecast-rows';

const WIDTH = 320;
const PLOT_H = 220;
const LEFT = 48;
const TOP = 12;
const BOTTOM = 40;
const COLOURS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f', '#5d4037', '#ad1457'];

/** A round axis maximum at or above the largest value: 1, 2 or 5 × a power of ten. */
export function axisMax(max: number): number {
  if (max <= 0) return 10;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= max)!;
}

const short = (n: number) => (n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n));

export function ForecastChart({ series, columns }: { series: readonly ChartSeries[]; columns: readonly ForecastColumn[] }) {
  const top = axisMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotW = WIDTH - LEFT - 8;
  const group = plotW / Math.max(1, columns.length);
  const bar = Math.max(2, (group - 6) / Math.max(1, series.length));
  const y = (v: number) => TOP + PLOT_H - (v / top) * PLOT_H;
  const legendRows = Math.ceil(series.length / 3);
  const height = TOP + PLOT_H + BOTTOM + legendRows * 18;
  return (
    <figure className="qf-chart">
      <figcaption className="qf-chart__title">Units per region and quarter</figcaption>
      <svg role="img" aria-label="Units per sales region per quarter" width="100%" viewBox={`0 0 ${WIDTH} ${height}`} style={{ maxWidth: WIDTH }}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={LEFT} x2={WIDTH - 8} y1={y(top * f)} y2={y(top * f)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={LEFT - 6} y={y(top * f) + 4} textAnchor="end" fontSize="10" fill="currentColor">
              {short(top * f)}
            </text>
          </g>
        ))}
        {columns.map((c, i) => (
          <g key={c.Field} data-quarter={c.Title}>
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              return (
                <rect
                  key={s.id}
                  x={LEFT + i * group + 3 + j * bar}
                  y={y(v)}
                  width={Math.max(1, bar - 1)}
                  height={TOP + PLOT_H - y(v)}
                  fill={COLOURS[j % COLOURS.length]}
                  data-region={s.name}
                  data-units={v}
                >
                  <title>{`${s.name}, ${c.Title}: ${v.toLocaleString('en-US')} units`}</title>
                </rect>
              );
            })}
            <text x={LEFT + i * group + group / 2} y={TOP + PLOT_H + 14} textAnchor="middle" fontSize="10" fill="currentColor">{`Q${c.Quarter}`}</text>
            {c.Quarter === 1 && (
              <text x={LEFT + i * group + 2 * group} y={TOP + PLOT_H + 28} textAnchor="middle" fontSize="10" fontWeight="600" fill="currentColor">
                {c.Year}
              </text>
            )}
          </g>
        ))}
        <g transform={`translate(${LEFT}, ${TOP + PLOT_H + BOTTOM - 2})`} fontSize="11">
          {series.map((s, j) => (
            <g key={s.id} transform={`translate(${(j % 3) * 90}, ${Math.floor(j / 3) * 18})`}>
              <rect width="10" height="10" fill={COLOURS[j % COLOURS.length]} />
              <text x="14" y="9" fill="currentColor">
                {s.name.length > 12 ? `${s.name.slice(0, 11)}…` : s.name}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </figure>
  );
}
