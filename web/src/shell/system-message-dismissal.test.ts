import { describe, expect, it } from 'vitest';
import { dismissalCookie, undismissed, type DisplayMessage } from './system-message-dismissal';

const msg = (id: number, changedOn: string): DisplayMessage => ({
  SystemMessageId: id,
  Title: 't',
  Message: 'm',
  ExpireTime: '2030-01-01T17:30:00.000Z',
  ChangedOn: changedOn,
});

describe('system message dismissal', () => {
  it('SYSMSG-006: a dismissed message stays dismissed until it changes', () => {
    const a = msg(1, '2026-11-25T10:00:00.000Z');
    const b = msg(2, '2026-11-25T11:00:00.000Z');
    const cookie = dismissalCookie(a).split(';')[0];
    expect(undismissed([a, b], cookie)).toEqual([b]);
    const changed = { ...a, ChangedOn: '2026-11-25T12:00:00.000Z' };
    expect(undismissed([changed, b], cookie)).toEqual([changed, b]);
  });

  it('SYSMSG-006: the dismissal cookie expires with the message', () => {
    expect(dismissalCookie(msg(7, 'x'))).toContain('expires=Tue, 01 Jan 2030 17:30:00 GMT');
    expect(dismissalCookie(msg(7, 'x'))).toMatch(/^sysmsg-7=x;/);
  });
});
