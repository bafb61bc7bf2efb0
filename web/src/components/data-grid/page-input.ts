/** Pager rules (CONST-009/010): the page sizes offered, and a typed page clamped to the pages there are. */
export const PAGE_SIZES = [15, 25, 50, 100] as const;
/** CONST-010: a typed page number fires after 900 ms. */
export const PAGE_INPUT_DEBOUNCE_MS = 900;

/** Typed text → a page between 1 and `totalPages`, or null when it holds no number. */
export function clampPage(text: string, totalPages: number): number | null {
  const n = parseInt(text.replace(/\D+/g, ''), 10);
  if (Number.isNaN(n)) return null;
  return Math.min(Math.max(1, n), Math.max(1, totalPages));
}
