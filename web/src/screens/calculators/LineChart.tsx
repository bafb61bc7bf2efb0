/**
 * A plain SVG line chart (issue 16, like the buy-ready chart): the margin calculator's margin per
 * MSRP and the FOB calculator's FOB per margin. Axis ticks at round steps, one point highlighted
 * (the entered MSRP, or the margin the entered FOB reaches), each point's value as its tooltip.
 */
import { chartTicks } from './chart-ticks';

export interface ChartPoint {
  x: number;
  y: number;
}

interface Props {
  points: readonly ChartPoint[];
  /** Index of the point to mark; -1: none. */
  hit: number;
  label: string;
  xTitle: string;
  yTitle: string;
  formatX: (x: number) => string;
  formatY: (y: number) => string;
}

const W = 560;
const H = 300;
const PAD = { left: 56, right: 16, top: 14, bottom: 44 };

export function LineChart({ points, hit, label, xTitle, yTitle, formatX, formatY }: Props) {
  if (!points.length) return null;
  const xs = chartTicks(Math.min(...points.map((p) => p.x)), Math.max(...points.map((p) => p.x)), 6);
  const ys = chartTicks(Math.min(...points.map((p) => p.y)), Math.max(...points.map((p) => p.y)), 5);
  const [x0, x1] = [xs[0], xs[xs.length - 1]];
  const [y0, y1] = [ys[0], ys[ys.length - 1]];
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - ((y - y0) / (y1 - y0 || 1)) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
  const marked = points[hit];
  return (
    <figure className="calc-chart">
      <svg role="img" aria-label={label} width="100%" viewBox={`0 0 ${W} ${H}`} style={{ maxWidth: W }}>
        {ys.map((y) => (
          <g key={`y${y}`}>
            <line x1={PAD.left} x2={W - PAD.right} y1={sy(y)} y2={sy(y)} className="calc-chart__grid" />
            <text x={PAD.left - 6} y={sy(y) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {formatY(y)}
            </text>
          </g>
        ))}
        {xs.map((x) => (
          <text key={`x${x}`} x={sx(x)} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="currentColor">
            {formatX(x)}
          </text>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="calc-chart__axis" />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} className="calc-chart__axis" />
        <text x={(PAD.left + W - PAD.right) / 2} y={H - 6} textAnchor="middle" fontSize="12" fill="currentColor">
          {xTitle}
        </text>
        <text
          x={14}
          y={(PAD.top + H - PAD.bottom) / 2}
          textAnchor="middle"
          fontSize="12"
          fill="currentColor"
          transform={`rotate(-90 14 ${(PAD.top + H - PAD.bottom) / 2})`}
        >
          {yTitle}
        </text>
        <path d={path} className="calc-chart__line" fill="none" />
        {points.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a point is its place on the line (two may sit at the same spot); the circles hold no state
          <circle key={i} cx={sx(p.x)} cy={sy(p.y)} r={i === hit ? 5 : 2.5} className={i === hit ? 'calc-chart__hit' : 'calc-chart__point'}>
            <title>{`${xTitle} ${formatX(p.x)}: ${yTitle} ${formatY(p.y)}`}</title>
          </circle>
        ))}
        {marked && (
          <text x={sx(marked.x)} y={sy(marked.y) - 10} textAnchor="middle" fontSize="12" fontWeight="600" fill="currentColor">
            {formatY(marked.y)}
          </text>
        )}
      </svg>
    </figure>
  );
}
