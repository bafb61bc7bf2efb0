import { describe, expect, it } from 'vitest';
import {
  countsText,
  jobRowsText,
  DATE_FORMAT_ERROR,
  DATE_ORDER_ERROR,
  DEFAULT_RESULT_COUNT,
  failedRowCount,
  historyDates,
  isActive,
  jobName,
  progressOf,
  RESULT_COUNTS,
} from './queue-helpers';

describe('upload queue rules', () => {
  it('UQ-009: a start date after the end date is refused with the specified text', () => {
    expect(historyDates('03/02/2027', '03/01/2027')).toEqual({ error: DATE_ORDER_ERROR });
    expect(DATE_ORDER_ERROR).toBe('Select a Start date that ocurrs before the End date.');
  });

  it('UQ-009: the same day, an open end or an open start is a valid range, sent as calendar dates', () => {
    expect(historyDates('03/01/2027', '3/1/2027')).toEqual({ range: { dateStart: '2027-03-01', dateEnd: '2027-03-01' } });
    expect(historyDates('12/31/2026', '')).toEqual({ range: { dateStart: '2026-12-31' } });
    expect(historyDates('', '01/05/2027')).toEqual({ range: { dateEnd: '2027-01-05' } });
    expect(historyDates(' ', '')).toEqual({ range: {} });
  });

  it('UQ-009: a date that is no date says how to type one', () => {
    expect(historyDates('02/31/2027', '')).toEqual({ error: DATE_FORMAT_ERROR });
    expect(historyDates('', 'tomorrow')).toEqual({ error: DATE_FORMAT_ERROR });
  });

  it('UQ-008: result counts 25, 50, 100, 250 with 50 first chosen', () => {
    expect([...RESULT_COUNTS]).toEqual([25, 50, 100, 250]);
    expect(RESULT_COUNTS).toContain(DEFAULT_RESULT_COUNT);
    expect(DEFAULT_RESULT_COUNT).toBe(50);
  });

  it('UQ-005: only Queued and Running jobs are still moving', () => {
    expect(['Queued', 'Running', 'Completed', 'Failed', 'Canceled'].filter((s) => isActive(s as never))).toEqual(['Queued', 'Running']);
  });

  it('UQ-003: progress is Done of Total with saved and failed shares of the total', () => {
    const p = progressOf({ JobStatus: 'Running', Progress: { Done: 50, Total: 200 }, Counts: { Rows: 200, Saved: 40, Failed: 6, Refused: 3, Unknown: 1 } });
    expect(p).toEqual({ done: 50, total: 200, saved: 20, failed: 3, percent: 25 });
    // Refused rows of the file are not the job's: a job of 4 changed rows, all saved, is a full green bar.
    expect(progressOf({ JobStatus: 'Completed', Progress: { Done: 4, Total: 4 }, Counts: { Saved: 4, Refused: 1 } })).toMatchObject({
      saved: 100,
      failed: 0,
      percent: 100,
    });
    expect(progressOf({ JobStatus: 'Completed', Progress: null, Counts: null }).percent).toBe(100);
    expect(progressOf({ JobStatus: 'Queued', Progress: { Done: 9, Total: 0 }, Counts: null })).toMatchObject({ done: 0, total: 0, percent: 0 });
  });

  it('UQ-003: counts read as words, failed rows add refused, failed and unknown', () => {
    const counts = { Rows: 30, Saved: 27, Failed: 1, Refused: 2, Unknown: 0, Unchanged: 0, Changed: 27 };
    expect(failedRowCount(counts)).toBe(3);
    expect(countsText(counts)).toBe('27 saved · 3 not saved');
    expect(countsText({ Changed: 5 })).toBe('5 to save');
    expect(countsText(null)).toBe('');
  });

  it("UQ-003: a dry run's row says what it found, a refused file says so, a commit what it wrote", () => {
    const counts = { Rows: 172, Changed: 28, Unchanged: 132, Refused: 11, Unknown: 1, Saved: 28, Failed: 0 };
    expect(jobRowsText({ Counts: counts, IsPreview: true, ImportStatus: 'Committed' })).toBe('28 to change · 12 refused · 132 unchanged');
    expect(jobRowsText({ Counts: counts, IsPreview: false, ImportStatus: 'Committed' })).toBe('28 saved · 12 not saved · 132 unchanged');
    expect(jobRowsText({ Counts: {}, IsPreview: true, ImportStatus: 'Refused' })).toBe('File refused');
    // Issue 27: a listed preview says it is one, waiting for confirmation.
    expect(jobRowsText({ Counts: counts, IsPreview: true, ImportStatus: 'Previewed' })).toBe(
      'Preview, not confirmed: 28 to change · 12 refused · 132 unchanged',
    );
    expect(jobRowsText({ Counts: {}, IsPreview: true, ImportStatus: 'Previewing' })).toBe('Preview, not confirmed');
  });

  it('UQ-001: a job is named by its file, else its queue, never by a bare id', () => {
    expect(jobName({ FileName: 'Costing-Export.xlsx', QueueName: 'Costing upload' })).toBe('Costing-Export.xlsx');
    expect(jobName({ FileName: null, QueueName: 'Costing upload' })).toBe('Costing upload');
  });
});
