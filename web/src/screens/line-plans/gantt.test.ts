import { describe, expect, it } from 'vitest';
import { ganttLayout, type GanttItem } from './gantt';
import { axisRange } from './gantt-axis';

const item = (CalendarItemId: number, GroupId: number, Sort: number, StartDate: string | null, EndDate: string | null): GanttItem => ({
  CalendarItemId,
  Name: `Item ${CalendarItemId}`,
  Stage: 'S',
  GroupId,
  Sort,
  StartDate,
  EndDate,
});

describe('gantt layout (DECISIONS LP-004)', () => {
  it('LP-004 groups bars by GroupId and orders them by Sort', () => {
    const { groups } = ganttLayout([item(1, 2, 20, null, null), item(2, 1, 30, null, null), item(3, 2, 10, null, null), item(4, 1, 10, null, null)]);
    expect(groups.map((g) => [g.groupId, g.bars.map((b) => b.item.CalendarItemId)])).toEqual([
      [1, [4, 2]],
      [2, [3, 1]],
    ]);
  });

  it('LP-004 places bars on the span of all dated items, the last day included', () => {
    const { groups, start, end } = ganttLayout([
      item(1, 1, 10, '2026-01-01', '2026-01-01'),
      item(2, 1, 20, '2026-01-02', '2026-01-04'),
      item(3, 2, 10, null, '2026-01-09'),
    ]);
    expect([start, end]).toEqual(['2026-01-01', '2026-01-04']);
    expect(groups[0].bars.map((b) => [b.left, b.width])).toEqual([
      [0, 25],
      [25, 75],
    ]);
    expect(groups[1].bars[0].left).toBeNull();
  });

  it('LP-004 every calendar of a line plan sits on the one padded axis of all their items, today not stretching it', () => {
    const spring = [item(1, 1, 10, '2025-01-06', '2025-01-08'), item(2, 1, 20, '2025-03-01', '2025-03-31')];
    const summer = [item(3, 1, 10, '2025-06-02', '2025-08-05')];
    const all = ganttLayout([...spring, ...summer]);
    const range = axisRange(all.start, all.end, '2026-11-26');
    const [springBars, summerBars] = [spring, summer].map((cal) => ganttLayout(cal, range).groups[0].bars);
    // 226 days shown: 7 of padding, the 212 days of the items, 7 of padding.
    expect(springBars[0].left).toBeCloseTo((7 / 226) * 100);
    expect(summerBars[0].left! + summerBars[0].width!).toBeCloseTo((219 / 226) * 100);
    expect(springBars[1].left).toBeCloseTo(((7 + 54) / 226) * 100);
  });
});
