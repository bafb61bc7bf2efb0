import { describe, expect, it } from 'vitest';
import { ganttLayout } from './gantt';
import { axisRange, barTitle, dayLeft, dayMiddle, fitLabelEvery, monthTicks, padDays, rangeDays, todayEdgeLabel, todayPlace, weekTicks } from './gantt-axis';

const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('gantt time axis (DECISIONS LP-004)', () => {
  it("LP-004 spans the items' own dates with a little padding, wherever today is", () => {
    // 01/06–08/05/2025 is 212 days: 3% is 7 days each side.
    const items = axisRange('2025-01-06', '2025-08-05', '2026-11-26');
    expect(items).toEqual({ from: utc('2024-12-30'), to: utc('2025-08-13') });
    expect(axisRange('2025-01-06', '2025-08-05', '2025-03-15')).toEqual(items);
    expect(axisRange('2025-01-06', '2025-08-05', '2020-01-01')).toEqual(items);
    // A short span still gets two days each side; a one-day item is one day wide.
    expect(axisRange('2027-02-10', '2027-02-10', '2026-12-31')).toEqual({ from: utc('2027-02-08'), to: utc('2027-02-13') });
    expect([padDays(1), padDays(66), padDays(67), padDays(1000)]).toEqual([2, 2, 3, 30]);
    // Nothing dated: today's month.
    expect(axisRange(null, null, '2026-02-14')).toEqual({ from: utc('2026-02-01'), to: utc('2026-03-01') });
  });

  it('LP-004 today inside the range is a line in the middle of its day; outside, a marker at the edge it lies beyond', () => {
    const range = axisRange('2025-01-06', '2025-08-05', '2025-03-15');
    expect(todayPlace(range, '2025-03-15')).toEqual({ side: 'inside', left: dayMiddle(range, '2025-03-15') });
    expect(todayPlace(range, '2024-12-30')).toEqual({ side: 'inside', left: dayMiddle(range, '2024-12-30') });
    expect(todayPlace(range, '2025-08-12')).toMatchObject({ side: 'inside' });
    expect(todayPlace(range, '2025-08-13')).toEqual({ side: 'after' });
    expect(todayPlace(range, '2024-12-29')).toEqual({ side: 'before' });
    expect(todayEdgeLabel('after', '2026-11-26')).toBe('Today 11/26/2026 →');
    expect(todayEdgeLabel('before', '2024-06-01')).toBe('← Today 06/01/2024');
  });

  it('LP-004 month ticks fall on the 1st, with the year at the start and in January', () => {
    const ticks = monthTicks({ from: utc('2025-11-01'), to: utc('2026-03-01') });
    expect(ticks.map((t) => [t.iso, t.label, t.year])).toEqual([
      ['2025-11-01', 'Nov', '2025'],
      ['2025-12-01', 'Dec', undefined],
      ['2026-01-01', 'Jan', '2026'],
      ['2026-02-01', 'Feb', undefined],
    ]);
    // 30 + 31 + 31 + 28 = 120 days: December starts 30/120 of the way along.
    expect(ticks.map((t) => t.left)).toEqual([0, 25, (61 / 120) * 100, (92 / 120) * 100]);
  });

  it('LP-004 a range starting mid-month has its first tick, with the year, on the next 1st', () => {
    const ticks = monthTicks(axisRange('2025-01-06', '2025-08-05', '2026-11-26'));
    expect(ticks.map((t) => [t.iso, t.label, t.year])[0]).toEqual(['2025-01-01', 'Jan', '2025']);
    expect(ticks.map((t) => t.label)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug']);
    expect(ticks[0].left).toBeCloseTo((2 / 226) * 100);
  });

  it('LP-004 a long range at the card width labels every n-th month only', () => {
    expect([fitLabelEvery(12), fitLabelEvery(30), fitLabelEvery(31), fitLabelEvery(61)]).toEqual([1, 1, 2, 3]);
    expect(monthTicks({ from: utc('2025-01-01'), to: utc('2025-06-01') }, 2).map((t) => t.label)).toEqual(['Jan', '', 'Mar', '', 'May']);
  });

  it('LP-004 week ticks fall on Mondays and show the date as MM/DD/YYYY (CONST-015)', () => {
    // 03/04–03/20/2026 padded two days each side: 03/02 (a Monday) to 03/22.
    const range = axisRange('2026-03-04', '2026-03-20', '2026-03-10');
    const ticks = weekTicks(range);
    expect(ticks.map((t) => t.label)).toEqual(['03/02/2026', '03/09/2026', '03/16/2026']);
    expect(ticks.every((t) => new Date(`${t.iso}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weekTicks(axisRange('2026-03-05', '2026-03-20', '2026-03-10'))[0]).toMatchObject({ label: '03/09/2026', left: (6 / 20) * 100 });
  });

  it('LP-004 places a day, and today in the middle of its day, on the range', () => {
    const range = { from: utc('2026-04-01'), to: utc('2026-05-01') };
    expect(rangeDays(range)).toBe(30);
    expect(dayLeft(range, '2026-04-16')).toBe(50);
    expect(dayMiddle(range, '2026-04-16')).toBeCloseTo(50 + 100 / 60);
  });

  it('LP-004 places bars on the axis range when given one', () => {
    const items = [{ CalendarItemId: 1, Name: 'Kick-off', Stage: 'Concept', GroupId: 1, Sort: 10, StartDate: '2026-04-16', EndDate: '2026-04-30' }];
    const { groups, start, end } = ganttLayout(items, { from: utc('2026-04-01'), to: utc('2026-05-01') });
    expect(groups[0].bars[0]).toMatchObject({ left: 50, width: 50 });
    expect([start, end]).toEqual(['2026-04-16', '2026-04-30']);
  });

  it("LP-004 CONST-015 a bar's hover text gives its dates as MM/DD/YYYY", () => {
    expect(barTitle({ Name: 'Line Review', Stage: 'Concept', StartDate: '2025-01-06', EndDate: '2025-01-08' })).toBe(
      'Line Review (Concept): 01/06/2025 – 01/08/2025',
    );
  });
});
