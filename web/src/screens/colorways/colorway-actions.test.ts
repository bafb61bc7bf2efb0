import { describe, expect, it } from 'vitest';
import { offeredActions, relinkFailure } from './colorway-actions';

const staff = { isFactoryUser: false, can: () => true };
const factoryUser = { isFactoryUser: true, can: () => true };

describe('colorway actions', () => {
  it('CW-024 factory transfer is offered in statuses 2, 3, 4 and 6 to non-factory users only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((s) => offeredActions(s, staff).transfer)).toEqual([2, 3, 4, 6]);
    expect([1, 2, 3, 4, 5, 6, 7].some((s) => offeredActions(s, factoryUser).transfer)).toBe(false);
  });

  it('CW-025 dual source is offered in statuses 1, 2 and 3 to non-factory users only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((s) => offeredActions(s, staff).dualSource)).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4, 5, 6, 7].some((s) => offeredActions(s, factoryUser).dualSource)).toBe(false);
  });

  it('CW-059 delete is offered in status 1 with the delete permission', () => {
    expect(offeredActions(1, staff).delete).toBe(true);
    expect(offeredActions(2, staff).delete).toBe(false);
    expect(offeredActions(1, { isFactoryUser: false, can: (a) => a !== 'delete' }).delete).toBe(false);
  });

  it('CW-056 a failed relink reads "Re-link failed." plus the reason', () => {
    expect(relinkFailure('The colorway must exist in only one season to relink')).toBe('Re-link failed. The colorway must exist in only one season to relink');
    expect(relinkFailure('Re-link failed. Select a Pattern that is in Released Status.')).toBe('Re-link failed. Select a Pattern that is in Released Status.');
    expect(relinkFailure(null)).toBe('Re-link failed.');
  });
});
