import { describe, expect, it } from 'vitest';
import { changedText } from './LiveRecordNotice';

describe('issue 30: a record screen names a change someone else saved', () => {
  const titles: Record<string, string> = { FFC: 'Factory First Cost', Launch: 'Launch', USVolume: 'US Volume' };
  const titleOf = (f: string) => titles[f] ?? f;
  it('who, which fields by title (the version is no field) and when', () => {
    const text = changedText(
      { Changed: ['FFC', 'RowVersion', 'Launch', 'USVolume'], ChangedBy: 'Cora Costing', ChangedOn: '2026-11-28T10:02:00.000Z' },
      titleOf,
    );
    expect(text).toMatch(/^Cora Costing changed Factory First Cost, Launch and US Volume at .+\.$/);
    expect(changedText({ Changed: ['FFC'], ChangedBy: 'Cora Costing', ChangedOn: '2026-11-28T10:02:00.000Z' }, titleOf)).toMatch(
      /^Cora Costing changed Factory First Cost at /,
    );
    expect(changedText({ Changed: ['RowVersion'], ChangedBy: 'Cora Costing', ChangedOn: '2026-11-28T10:02:00.000Z' }, titleOf)).toMatch(
      /^Cora Costing changed this record at /,
    );
  });
});
