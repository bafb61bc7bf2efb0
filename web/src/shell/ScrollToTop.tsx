/**
 * SHELL-006: a scroll-to-top button once the page is scrolled more than 50 px. It sits in the
 * bottom right corner, raised above a form's sticky Save bar when one is on screen so that it
 * never covers the Save button.
 */
import { useEffect, useState } from 'react';

export const SCROLL_TOP_THRESHOLD_PX = 50;
/** The bars the button keeps clear of: SchemaForm's sticky actions (Save). */
const SAVE_BARS = '.schema-form__actions';
const CORNER_PX = 24;
const BUTTON_PX = 38;
const GAP_PX = 8;

/** Distance of the button from the viewport's bottom: above any save bar reaching the corner. */
export function buttonBottom(viewportHeight: number, bars: readonly { top: number; bottom: number }[]): number {
  let bottom = CORNER_PX;
  for (const bar of bars) {
    const reachesCorner = bar.top < viewportHeight - CORNER_PX && bar.bottom > viewportHeight - CORNER_PX - BUTTON_PX;
    if (bar.bottom > bar.top && reachesCorner) bottom = Math.max(bottom, viewportHeight - bar.top + GAP_PX);
  }
  return bottom;
}

export function ScrollToTop() {
  const [bottom, setBottom] = useState<number | null>(null);
  useEffect(() => {
    let frame = 0;
    const place = () => {
      frame = 0;
      if (window.scrollY <= SCROLL_TOP_THRESHOLD_PX) {
        setBottom(null);
        return;
      }
      const bars = [...document.querySelectorAll(SAVE_BARS)].map((el) => el.getBoundingClientRect());
      setBottom(buttonBottom(window.innerHeight, bars));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);
  if (bottom === null) return null;
  return (
    <button type="button" className="scroll-top" aria-label="Scroll to top" style={{ bottom }} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M3 10l5-5 5 5" stroke="currentColor" strokeWidth="1.8" fill="none" />
      </svg>
    </button>
  );
}
