/**
 * The gantt's time axis: the range shown (the dated items' own span with a little padding, so the
 * bars fill the chart), its ticks (months; weeks when zoomed in), where a date falls on it as
 * percentages of the timeline's width, and where today is: a line inside the range, or a marker at
 * the edge it lies beyond. Dates are calendar dates (YYYY-MM-DD, computed in UTC so no time zone
 * shifts a day).
 */
import { formatIsoDate } from '../../format/date';

export const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Fit: the card's width; months and weeks: a fixed scale, the chart scrolling sideways. */
export type GanttZoom = 'fit' | 'months' | 'weeks';
export const ZOOMS: readonly { zoom: GanttZoom; label: string; pxPerDay: number | null; ticks: 'month' | 'week' }[] = [
  { zoom: 'fit', label: 'Fit', pxPerDay: null, ticks: 'month' },
  { zoom: 'months', label: 'Months', pxPerDay: 5, ticks: 'month' },
  { zoom: 'weeks', label: 'Weeks', pxPerDay: 20, ticks: 'week' },
];

/** The shown span: `from` inclusive, `to` exclusive, both UTC midnights (ms). */
export interface AxisRange {
  from: number;
  to: number;
}
/** `year`: where a year starts on the axis (and at its start), shown on the axis's upper line. */
export interface AxisTick {
  iso: string;
  left: number;
  label: string;
  year?: string;
}

export const isoTime = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const monthStart = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** The padding each side of the items, in days: 3% of their span, at least 2 days. */
export const padDays = (days: number) => Math.max(2, Math.ceil(days * 0.03));

/**
 * From `start` to the end of day `end`, padded each side (padDays); today does not stretch it.
 * Without dated items: today's month.
 */
export function axisRange(start: string | null, end: string | null, today: string): AxisRange {
  if (!start || !end) return { from: monthStart(isoTime(today)), to: nextMonth(isoTime(today)) };
  const first = isoTime(start);
  const last = isoTime(end) + DAY_MS;
  const pad = padDays(Math.round((last - first) / DAY_MS)) * DAY_MS;
  return { from: first - pad, to: last + pad };
}

export const rangeDays = (r: AxisRange) => Math.round((r.to - r.from) / DAY_MS);

/** Where the start of day `iso` falls, in % of the range. */
export function dayLeft(r: AxisRange, iso: string): number {
  return ((isoTime(iso) - r.from) / (r.to - r.from)) * 100;
}

/** The middle of day `iso` (the today line sits inside its day). */
export function dayMiddle(r: AxisRange, iso: string): number {
  return dayLeft(r, iso) + (DAY_MS / 2 / (r.to - r.from)) * 100;
}

/** Today on the range: a line `left` % along, or beyond its start or end. */
export type TodayPlace = { side: 'inside'; left: number } | { side: 'before' | 'after' };

export function todayPlace(r: AxisRange, today: string): TodayPlace {
  const t = isoTime(today);
  if (t < r.from) return { side: 'before' };
  if (t >= r.to) return { side: 'after' };
  return { side: 'inside', left: dayMiddle(r, today) };
}

/** The marker's text when today is off the range, pointing the way it lies. */
export const todayEdgeLabel = (side: 'before' | 'after', today: string) =>
  side === 'after' ? `Today ${formatIsoDate(today)} →` : `← Today ${formatIsoDate(today)}`;

/**
 * Month ticks on the 1st of each month inside the range labelled 'Jan', 'Feb'…, with the year on
 * the first tick and each January; `every` > 1 labels only every n-th month (a long range at the
 * card's width).
 */
export function monthTicks(r: AxisRange, every = 1): AxisTick[] {
  const ticks: AxisTick[] = [];
  const first = monthStart(r.from) === r.from ? r.from : nextMonth(r.from);
  for (let t = first, n = 0; t < r.to; t = nextMonth(t), n++) {
    const d = new Date(t);
    const year = t === first || d.getUTCMonth() === 0 ? String(d.getUTCFullYear()) : undefined;
    ticks.push({
      iso: isoOf(t),
      left: ((t - r.from) / (r.to - r.from)) * 100,
      label: n % every === 0 ? MONTHS[d.getUTCMonth()] : '',
      ...(year ? { year } : {}),
    });
  }
  return ticks;
}

/** At the card's width, one month label in `every` so that about 30 fit. */
export const fitLabelEvery = (months: number) => Math.max(1, Math.ceil(months / 30));

/** Week ticks on each Monday inside the range, labelled with the date (MM/DD/YYYY). */
export function weekTicks(r: AxisRange): AxisTick[] {
  const weekday = (new Date(r.from).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const firstMonday = r.from + ((7 - weekday) % 7) * DAY_MS;
  const ticks: AxisTick[] = [];
  for (let t = firstMonday; t < r.to; t += 7 * DAY_MS)
    ticks.push({ iso: isoOf(t), left: ((t - r.from) / (r.to - r.from)) * 100, label: formatIsoDate(isoOf(t)) });
  return ticks;
}

/** A bar's hover text: name, stage and its dates in the app's format. */
export function barTitle(item: { Name: string; Stage: string; StartDate: string | null; EndDate: string | null }): string {
  return `${item.Name} (${item.Stage}): ${formatIsoDate(item.StartDate)} – ${formatIsoDate(item.EndDate)}`;
}
