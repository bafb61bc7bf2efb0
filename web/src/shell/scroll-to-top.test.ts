import { describe, expect, it } from 'vitest';
import { buttonBottom } from './ScrollToTop';

describe('scroll-to-top placement', () => {
  it('SHELL-006 sits in the corner without a save bar, or with one that does not reach the corner', () => {
    expect(buttonBottom(800, [])).toBe(24);
    expect(buttonBottom(800, [{ top: 300, bottom: 350 }])).toBe(24);
  });

  it('SHELL-006 rises above a sticky Save bar at the bottom so it never covers Save', () => {
    // Bar from 750 to 800: the button's bottom edge goes 8 px above the bar's top.
    expect(buttonBottom(800, [{ top: 750, bottom: 800 }])).toBe(58);
    // A bar partly off screen still counts while it reaches the corner.
    expect(buttonBottom(800, [{ top: 770, bottom: 820 }])).toBe(38);
  });
});
