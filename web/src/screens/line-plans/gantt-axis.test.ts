import { describe, expect, it } from 'vitest';
import { ganttLayout } from './gantt';
import { axisRange, barTitle, dayLeft, dayMiddle, fitLabelEvery, monthTicks, rangeDays, weekTicks } from './gantt-axis';

const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('gantt time axis (DECISIONS LP-004)', () => {
  it('LP-004 covers whole months from the first item to the last, today included', () => {
    expect(axisRange('2025-01-06', '2025-08-05', '2025-03-15')).toEqual({ from: utc('2025-01-01'), to: utc('2025-09-01') });
    // Today after the items: the axis runs on to today's month so the today line is on the chart.
    expect(axisRange('2025-01-06', '2025-08-05', '2026-11-26')).toEqual({ from: utc('2025-01-01'), to: utc('2026-12-01') });
    expect(axisRange('2027-02-10', '2027-03-01', '2026-12-31')).toEqual({ from: utc('2026-12-01'), to: utc('2027-04-01') });
    expect(axisRange(null, null, '2026-02-14')).toEqual({ from: utc('2026-02-01'), to: utc('2026-03-01') });
  });

  it('LP-004 month ticks fall on the 1st, with the year at the start and in January', () => {
    const ticks = monthTicks(axisRange('2025-11-03', '2026-02-20', '2025-12-01'));
    expect(ticks.map((t) => [t.iso, t.label, t.year])).toEqual([['2025-11-01', 'Nov', '2025'], ['2025-12-01', 'Dec', undefined], ['2026-01-01', 'Jan', '2026'], ['2026-02-01', 'Feb', undefined]]);
    // 30 + 31 + 31 + 28 = 120 days: December starts 30/120 of the way along.
    expect(ticks.map((t) => t.left)).toEqual([0, 25, (61 / 120) * 100, (92 / 120) * 100]);
  });

  it('LP-004 a long range at the card width labels every n-th month only', () => {
    expect([fitLabelEvery(12), fitLabelEvery(30), fitLabelEvery(31), fitLabelEvery(61)]).toEqual([1, 1, 2, 3]);
    expect(monthTicks(axisRange('2025-01-01', '2025-05-01', '2025-01-01'), 2).map((t) => t.label)).toEqual(['Jan', '', 'Mar', '', 'May']);
  });

  it('LP-004 week ticks fall on Mondays and show the date as MM/DD/YYYY (CONST-015)', () => {
    const range = axisRange('2026-03-04', '2026-03-20', '2026-03-10');
    const ticks = weekTicks(range);
    expect(ticks.map((t) => t.label)).toEqual(['03/02/2026', '03/09/2026', '03/16/2026', '03/23/2026', '03/30/2026']);
    expect(ticks.every((t) => new Date(`${t.iso}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(ticks[0].left).toBeCloseTo((1 / 31) * 100);
  });

  it('LP-004 places a day, and today in the middle of its day, on the range', () => {
    const range = axisRange('2026-04-01', '2026-04-30', '2026-04-10');
    expect(rangeDays(range)).toBe(30);
    expect(dayLeft(range, '2026-04-16')).toBe(50);
    expect(dayMiddle(range, '2026-04-16')).toBeCloseTo(50 + 100 / 60);
  });

  it('LP-004 places bars on the axis range when given one', () => {
    const items = [{ CalendarItemId: 1, Name: 'Kick-off', Stage: 'Concept', GroupId: 1, Sort: 10, StartDate: '2026-04-16', EndDate: '2026-04-30' }];
    const { groups, start, end } = ganttLayout(items, axisRange('2026-04-16', '2026-04-30', '2026-04-01'));
    expect(groups[0].bars[0]).toMatchObject({ left: 50, width: 50 });
    expect([start, end]).toEqual(['2026-04-16', '2026-04-30']);
  });

  it('LP-004 CONST-015 a bar\'s hover text gives its dates as MM/DD/YYYY', () => {
    expect(barTitle({ Name: 'Line Review', Stage: 'Concept', StartDate: '2025-01-06', EndDate: '2025-01-08' })).toBe('Line Review (Concept): 01/06/2025 – 01/08/2025');
  });
});
