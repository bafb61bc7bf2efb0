import { describe, expect, it } from 'vitest';
import { tabAfterKey, tabPanelProps } from './TabList';

describe('tab list keys', () => {
  it('SEARCH-001 arrows move to the next or previous tab, wrapping round; Home and End go to the ends', () => {
    expect([tabAfterKey('ArrowRight', 0, 4), tabAfterKey('ArrowRight', 3, 4)]).toEqual([1, 0]);
    expect([tabAfterKey('ArrowLeft', 2, 4), tabAfterKey('ArrowLeft', 0, 4)]).toEqual([1, 3]);
    expect([tabAfterKey('Home', 2, 4), tabAfterKey('End', 1, 4)]).toEqual([0, 3]);
    expect(tabAfterKey('a', 1, 4)).toBeNull();
  });

  it('the panel is labelled by the chosen tab', () => {
    expect(tabPanelProps('search', '2')).toEqual({ role: 'tabpanel', id: 'search-panel', 'aria-labelledby': 'search-tab-2' });
  });
});
