import { describe, expect, it } from 'vitest';
import { optionsOf } from '../schema-form/options';
import { responsibleOptions, withBrandChoices } from './use-record-options';

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

describe('user stamps', () => {
  it('a field marked x-user shows the name the record carries beside it; System User for 1; the id without a name', () => {
    const schema = { properties: {
      CreatedBy: { type: 'integer', 'x-computed': true, 'x-user': true }, ReleasedBy: { type: 'integer', 'x-user': true },
      LthrApprvBy: { type: ['integer', 'null'], 'x-user': true }, ChangedBy: { type: 'integer', 'x-user': true }, Plain: { type: 'integer' },
    } } as never;
    const record = { CreatedBy: 8, CreatedByName: 'Ari Stone', ReleasedBy: 42, ReleasedByName: 'Old Hand', LthrApprvBy: 1, ChangedBy: 9, Plain: 3 };
    const s = withBrandChoices(schema, { users, groups: undefined }, record) as { properties: Record<string, never> };
    const label = (f: string) => optionsOf(s.properties[f])?.find((o) => o.value === record[f as keyof typeof record])?.label;
    expect([label('CreatedBy'), label('ReleasedBy'), label('LthrApprvBy'), label('ChangedBy')]).toEqual(['Ari Stone', 'Old Hand', 'System User', '9']);
    expect(optionsOf(s.properties.Plain)).toBeNull();
  });
});
