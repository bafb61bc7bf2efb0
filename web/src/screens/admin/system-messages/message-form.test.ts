import { describe, expect, it } from 'vitest';
import { combine, EXPIRE_BEFORE_START, expiryError, newMessage, newMessageRecord, saveBody, split, validateMessage } from './message-form';

describe('system message form', () => {
  it('SYSMSG-011: new-message defaults', () => {
    const m = newMessage(new Date(2026, 10, 25, 8, 0));
    expect(m).toEqual({
      Title: 'Temporary System Outage TODAY, 10:00 AM to 5:30 PM',
      Message: 'Please save your work and refrain from using the system during this time.',
      StartDate: '11/25/2026',
      StartTime: '10:00',
      ExpireDate: '11/25/2026',
      ExpireTime: '17:30',
      ShowUnauthenticatedUsers: true,
      ShowFactoryUsers: true,
    });
    expect(validateMessage(m)).toEqual({});
  });
  it('SYSMSG-010: date and time inputs combine into one moment and split back', () => {
    const iso = combine('11/25/2026', '17:30')!;
    expect(new Date(iso).getHours()).toBe(17);
    expect(split(iso)).toEqual({ date: '11/25/2026', time: '17:30' });
    expect(combine('13/45/2026', '10:00')).toBeNull();
  });
  it('SYSMSG-012: the expiry must follow the start', () => {
    expect(validateMessage({ ...newMessage(), ExpireTime: '09:00' })).toHaveProperty('ExpireDate');
  });
});

describe('system message record (SchemaForm)', () => {
  it('SYSMSG-011: a new record holds the defaults as moments', () => {
    const r = newMessageRecord(new Date(2026, 10, 25, 8, 0));
    expect(new Date(r.StartTime as string).getHours()).toBe(10);
    expect(new Date(r.ExpireTime as string).getMinutes()).toBe(30);
    expect(r.ShowFactoryUsers).toBe(true);
  });
  it('SYSMSG-012: the expiry must follow the start', () => {
    const r = newMessageRecord();
    expect(expiryError(r)).toBeNull();
    expect(expiryError({ StartTime: r.ExpireTime, ExpireTime: r.StartTime })).toBe(EXPIRE_BEFORE_START);
    expect(expiryError({ StartTime: 'x', ExpireTime: r.StartTime })).toBeNull();
    expect(saveBody({ ...r, Title: '  T  ' }).Title).toBe('T');
  });
});
