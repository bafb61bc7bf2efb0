import { describe, expect, it } from 'vitest';
import { ganttLayout, type GanttItem } from './gantt';

const item = (CalendarItemId: number, GroupId: number, Sort: number, StartDate: string | null, EndDate: string | null): GanttItem =>
  ({ CalendarItemId, Name: `Item ${CalendarItemId}`, Stage: 'S', GroupId, Sort, StartDate, EndDate });

describe('gantt layout (DECISIONS LP-004)', () => {
  it('LP-004 groups bars by GroupId and orders them by Sort', () => {
    const { groups } = ganttLayout([item(1, 2, 20, null, null), item(2, 1, 30, null, null), item(3, 2, 10, null, null), item(4, 1, 10, null, null)]);
    expect(groups.map((g) => [g.groupId, g.bars.map((b) => b.item.CalendarItemId)])).toEqual([[1, [4, 2]], [2, [3, 1]]]);
  });

  it('LP-004 places bars on the span of all dated items, the last day included', () => {
    const { groups, start, end } = ganttLayout([item(1, 1, 10, '2026-01-01', '2026-01-01'), item(2, 1, 20, '2026-01-02', '2026-01-04'), item(3, 2, 10, null, '2026-01-09')]);
    expect([start, end]).toEqual(['2026-01-01', '2026-01-04']);
    expect(groups[0].bars.map((b) => [b.left, b.width])).toEqual([[0, 25], [25, 75]]);
    expect(groups[1].bars[0].left).toBeNull();
  });
});
