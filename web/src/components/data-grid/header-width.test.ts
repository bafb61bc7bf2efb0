import { describe, expect, it } from 'vitest';
import { FILTER_BUTTON, HEADER_FIT_MAX, HEADER_PADDING, fittedWidths, headerFitWidth, sortArrow, twoLineWidth } from './header-width';

/** A monospace measure: 7 px a character. */
const mono = (text: string) => text.length * 7;
const col = (title: string, width: number, resized?: boolean) => ({ title, width, ...(resized ? { resized } : {}) });

describe('header titles fitted to their columns', () => {
  it('finds the narrowest two lines that break only at a space or after a hyphen', () => {
    expect(twoLineWidth('Country of Origin', mono)).toBe(mono('of Origin')); // "Country" / "of Origin"
    expect(twoLineWidth('NA DTC E-commerce Volume', mono)).toBe(mono('commerce Volume')); // "NA DTC E-" / "commerce Volume"
    expect(twoLineWidth('Confirmation', mono)).toBe(mono('Confirmation')); // one word is never broken
    expect(twoLineWidth('Est. Factory First Cost', mono)).toBe(mono('Est. Factory'));
  });

  it('keeps the sort arrow on the last word (a no-break space)', () => {
    expect(sortArrow('ASC')).toBe('\u00a0▲');
    expect(twoLineWidth(`Status${sortArrow('DESC')}`, mono)).toBe(mono('Status ▼'));
    expect(twoLineWidth(`Factory Key${sortArrow('ASC')}`, mono)).toBe(mono('Factory')); // "Factory" / "Key ▲"
  });

  it('widens a column too narrow for its title, with room for the padding, the arrow and the filter button', () => {
    // "Country of" / "Origin ▼" (room for the arrow kept whether sorted or not: sorting never moves the columns)
    expect(headerFitWidth(col('Country of Origin', 70), mono, false)).toBe(mono('Country of') + HEADER_PADDING);
    expect(headerFitWidth(col('Status', 60), mono, true)).toBe(mono('Status ▼') + HEADER_PADDING + FILTER_BUTTON);
  });

  it('never narrows a column, stops at the cap, and keeps a width the user dragged', () => {
    expect(headerFitWidth(col('Id', 120), mono, true)).toBe(120);
    expect(headerFitWidth(col('Confirmation Sample Approved By Factory Manager', 80), mono, false)).toBe(HEADER_FIT_MAX);
    expect(headerFitWidth(col('Confirmation Sample Approved By Factory Manager', 300), mono, false)).toBe(300);
    expect(headerFitWidth(col('Country of Origin', 50, true), mono, true)).toBe(50);
  });

  it('leaves the widths as they are without a measure (no canvas)', () => {
    expect(fittedWidths([col('Country of Origin', 70), col('Status', 60)], null, true)).toEqual([70, 60]);
    expect(fittedWidths([col('Country of Origin', 70)], mono, false)[0]).toBeGreaterThan(70);
  });
});
