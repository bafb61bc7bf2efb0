/**
 * The gantt's time axis: the range shown (whole months covering the dated items and today, so
 * the today line is always on the chart), its ticks (months; weeks when zoomed in) and where a
 * date falls on it, as percentages of the timeline's width. Dates are calendar dates (YYYY-MM-DD,
 * computed in UTC so no time zone shifts a day).
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
export interface AxisRange { from: number; to: number }
/** `year`: where a year starts on the axis (and at its start), shown on the axis's upper line. */
export interface AxisTick { iso: string; left: number; label: string; year?: string }

export const isoTime = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const monthStart = (t: number) => { const d = new Date(t); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1); };
const nextMonth = (t: number) => { const d = new Date(t); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1); };

/** Whole months from the first of `start` and `today` to the end of the month of the later of `end` and `today`. */
export function axisRange(start: string | null, end: string | null, today: string): AxisRange {
  const t = isoTime(today);
  const first = start ? Math.min(isoTime(start), t) : t;
  const last = end ? Math.max(isoTime(end), t) : t;
  return { from: monthStart(first), to: nextMonth(last) };
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

/**
 * Month ticks on the 1st of each month labelled 'Jan', 'Feb'…, with the year at the axis's start
 * and each January; `every` > 1 labels only every n-th month (a long range at the card's width).
 */
export function monthTicks(r: AxisRange, every = 1): AxisTick[] {
  const ticks: AxisTick[] = [];
  for (let t = r.from, n = 0; t < r.to; t = nextMonth(t), n++) {
    const d = new Date(t);
    const year = t === r.from || d.getUTCMonth() === 0 ? String(d.getUTCFullYear()) : undefined;
    ticks.push({ iso: isoOf(t), left: ((t - r.from) / (r.to - r.from)) * 100, label: n % every === 0 ? MONTHS[d.getUTCMonth()] : '', ...(year ? { year } : {}) });
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
  for (let t = firstMonday; t < r.to; t += 7 * DAY_MS) ticks.push({ iso: isoOf(t), left: ((t - r.from) / (r.to - r.from)) * 100, label: formatIsoDate(isoOf(t)) });
  return ticks;
}

/** A bar's hover text: name, stage and its dates in the app's format. */
export function barTitle(item: { Name: string; Stage: string; StartDate: string | null; EndDate: string | null }): string {
  return `${item.Name} (${item.Stage}): ${formatIsoDate(item.StartDate)} – ${formatIsoDate(item.EndDate)}`;
}
