import { describe, expect, it } from 'vitest';
import { responsibleOptions } from './use-record-options';

const users = [{ UserId: 3, FirstName: 'Dana', LastName: 'Whitfield' }, { UserId: 8, FirstName: 'Ari', LastName: 'Stone' }];

describe('responsible options', () => {
  it('lists the brand users by name', () => {
    expect(responsibleOptions(users, 3, 'Dana Whitfield')).toEqual([{ value: 3, label: 'Dana Whitfield' }, { value: 8, label: 'Ari Stone' }]);
  });
  it('CONST-025 keeps the current responsible when not among them; id 1 is System User', () => {
    expect(responsibleOptions(users, 1, null)[0]).toEqual({ value: 1, label: 'System User' });
    expect(responsibleOptions(users, 42, 'Old Hand')[0]).toEqual({ value: 42, label: 'Old Hand' });
  });
});
