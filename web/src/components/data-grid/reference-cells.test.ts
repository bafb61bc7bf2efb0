import { describe, expect, it } from 'vitest';
import { matchOption, referenceUrl } from './reference-cells';

const users = { source: 'users', scope: { BrandId: 'BrandId' } };
const options = [
  { value: 7, label: 'Ann Lee' },
  { value: 9, label: 'Bo Chan' },
];

describe('reference cells', () => {
  it("the choices follow the row's scope; a scope field the row lacks is left out", () => {
    expect(referenceUrl(users, { BrandId: 2 })).toBe('/api/Reference/users?BrandId=2');
    expect(referenceUrl(users, {})).toBe('/api/Reference/users');
    expect(referenceUrl({ source: 'workflowGroups', scope: { ObjectLevel: 4 } }, {})).toBe('/api/Reference/workflowGroups?ObjectLevel=4');
  });
  it('a name matches its choice whatever its case and spaces; an id matches too; anything else none', () => {
    expect(matchOption(options, ' ann lee ')).toEqual(options[0]);
    expect(matchOption(options, '9')).toEqual(options[1]);
    expect(matchOption(options, 'Nobody')).toBeUndefined();
    expect(matchOption(options, '')).toBeUndefined();
  });
});
