/** BR-001: colorways ready / not ready per criterion, as a plain SVG horizontal stacked bar chart. */
import type { Bar } from './buy-ready-rows';

const ROW = 26;
const LABEL = 200;
const WIDTH = 640;

export function BuyReadyChart({ bars }: { bars: readonly Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.ready + b.notReady));
  const scale = (WIDTH - LABEL - 60) / max;
  const height = bars.length * ROW + 30;
  return (
    <figure className="buy-ready-chart">
      <svg role="img" aria-label="Colorways ready and not ready per criterion" width="100%" viewBox={`0 0 ${WIDTH} ${height}`} style={{ maxWidth: WIDTH }}>
        {bars.map((b, i) => {
          const y = i * ROW + 4;
          const w1 = b.ready * scale;
          const w2 = b.notReady * scale;
          return (
            <g key={b.key}>
              <text x={LABEL - 8} y={y + 15} textAnchor="end" fontSize="12" fill="currentColor">
                {b.title}
              </text>
              <rect x={LABEL} y={y} width={w1} height={ROW - 8} fill="#2e7d32">
                <title>{`${b.title}: ${b.ready} ready`}</title>
              </rect>
              <rect x={LABEL + w1} y={y} width={w2} height={ROW - 8} fill="#c62828">
                <title>{`${b.title}: ${b.notReady} not ready`}</title>
              </rect>
              <text x={LABEL + w1 + w2 + 6} y={y + 15} fontSize="12" fill="currentColor">{`${b.ready} / ${b.ready + b.notReady}`}</text>
            </g>
          );
        })}
        <g transform={`translate(${LABEL}, ${bars.length * ROW + 10})`} fontSize="12">
          <rect width="12" height="12" fill="#2e7d32" />
          <text x="16" y="10" fill="currentColor">
            Ready
          </text>
          <rect x="80" width="12" height="12" fill="#c62828" />
          <text x="96" y="10" fill="currentColor">
            Not ready
          </text>
        </g>
      </svg>
    </figure>
  );
}
