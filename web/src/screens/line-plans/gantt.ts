/**
 * The gantt view's layout (DECISIONS LP-004): calendar items as bars, grouped by GroupId (groups
 * in ascending order) and ordered by Sort within a group; each bar placed as percentages of the
 * given range (gantt-axis.ts), by default the span of all dated items. Items without both dates
 * are listed without a bar.
 */
import { DAY_MS as DAY, isoTime as time, type AxisRange } from './gantt-axis';

export interface GanttItem {
  CalendarItemId: number;
  Name: string;
  Stage: string;
  GroupId: number;
  Sort: number;
  StartDate: string | null;
  EndDate: string | null;
  SubSeasonId?: number | null;
}
export interface GanttBar {
  item: GanttItem;
  left: number;
  width: number;
}
export interface GanttGroup {
  groupId: number;
  bars: (GanttBar | { item: GanttItem; left: null; width: null })[];
}

export function ganttLayout(items: readonly GanttItem[], range?: AxisRange): { groups: GanttGroup[]; start: string | null; end: string | null } {
  const dated = items.filter((i) => i.StartDate && i.EndDate);
  const first = dated.length ? Math.min(...dated.map((i) => time(i.StartDate!))) : 0;
  // The last day counts: a one-day item is one day wide.
  const last = dated.length ? Math.max(...dated.map((i) => time(i.EndDate!))) + DAY : DAY;
  const { from, to } = range ?? { from: first, to: last };
  const span = to - from;
  const ids = [...new Set(items.map((i) => i.GroupId))].sort((a, b) => a - b);
  const groups = ids.map((groupId) => ({
    groupId,
    bars: items
      .filter((i) => i.GroupId === groupId)
      .sort((a, b) => a.Sort - b.Sort || a.CalendarItemId - b.CalendarItemId)
      .map((item) =>
        item.StartDate && item.EndDate
          ? { item, left: ((time(item.StartDate) - from) / span) * 100, width: ((time(item.EndDate) + DAY - time(item.StartDate)) / span) * 100 }
          : { item, left: null, width: null },
      ),
  }));
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { groups, start: dated.length ? iso(first) : null, end: dated.length ? iso(last - DAY) : null };
}
