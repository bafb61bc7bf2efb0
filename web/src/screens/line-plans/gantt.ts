/**
 * The gantt view's layout (DECISIONS LP-004): calendar items as bars, grouped by GroupId (groups
 * in ascending order) and ordered by Sort within a group; each bar placed on the time span of all
 * dated items as percentages. Items without both dates are listed without a bar.
 */
export interface GanttItem { CalendarItemId: number; Name: string; Stage: string; GroupId: number; Sort: number; StartDate: string | null; EndDate: string | null; SubSeasonId?: number | null }
export interface GanttBar { item: GanttItem; left: number; width: number }
export interface GanttGroup { groupId: number; bars: (GanttBar | { item: GanttItem; left: null; width: null })[] }

const DAY = 86_400_000;
const time = (d: string) => Date.parse(`${d}T00:00:00Z`);

export function ganttLayout(items: readonly GanttItem[]): { groups: GanttGroup[]; start: string | null; end: string | null } {
  const dated = items.filter((i) => i.StartDate && i.EndDate);
  const from = dated.length ? Math.min(...dated.map((i) => time(i.StartDate!))) : 0;
  // The last day counts: a one-day item is one day wide.
  const to = dated.length ? Math.max(...dated.map((i) => time(i.EndDate!))) + DAY : DAY;
  const span = to - from;
  const ids = [...new Set(items.map((i) => i.GroupId))].sort((a, b) => a - b);
  const groups = ids.map((groupId) => ({
    groupId,
    bars: items.filter((i) => i.GroupId === groupId).sort((a, b) => a.Sort - b.Sort || a.CalendarItemId - b.CalendarItemId).map((item) =>
      item.StartDate && item.EndDate
        ? { item, left: ((time(item.StartDate) - from) / span) * 100, width: ((time(item.EndDate) + DAY - time(item.StartDate)) / span) * 100 }
        : { item, left: null, width: null }),
  }));
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { groups, start: dated.length ? iso(from) : null, end: dated.length ? iso(to - DAY) : null };
}
