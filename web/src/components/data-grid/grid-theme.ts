/** The Handsontable theme of every grid (HOT_BASE) and of the header probe that measures their titles (header-width.ts). */
export const GRID_THEME = 'ht-theme-main';
