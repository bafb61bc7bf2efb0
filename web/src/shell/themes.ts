/**
 * The 11 colour themes (SHELL-013), ids 0 to 10. accent: primary actions and focus; accent2:
 * secondary highlights; bg: page background; mainDark: navigation bar and dark surfaces;
 * mainLight: cards, panels and inputs.
 */
export interface Theme {
  id: number;
  name: string;
  accent: string;
  accent2: string;
  bg: string;
  mainDark: string;
  mainLight: string;
}

export const THEMES: readonly Theme[] = [
  { id: 0, name: 'Classic', accent: '#2563eb', accent2: '#0891b2', bg: '#f3f5f8', mainDark: '#1f2937', mainLight: '#ffffff' },
  { id: 1, name: 'Slate', accent: '#3b5bdb', accent2: '#1098ad', bg: '#f1f3f6', mainDark: '#1c2333', mainLight: '#ffffff' },
  { id: 2, name: 'Ocean', accent: '#0b7285', accent2: '#1c7ed6', bg: '#eef4f6', mainDark: '#0c3745', mainLight: '#ffffff' },
  { id: 3, name: 'Forest', accent: '#2b8a3e', accent2: '#5c940d', bg: '#f0f4f0', mainDark: '#1b3224', mainLight: '#ffffff' },
  { id: 4, name: 'Ember', accent: '#d9480f', accent2: '#e67700', bg: '#f8f4f0', mainDark: '#3a2318', mainLight: '#ffffff' },
  { id: 5, name: 'Berry', accent: '#a61e4d', accent2: '#c2255c', bg: '#f7f1f4', mainDark: '#361425', mainLight: '#ffffff' },
  { id: 6, name: 'Violet', accent: '#6741d9', accent2: '#9c36b5', bg: '#f3f1f9', mainDark: '#271d45', mainLight: '#ffffff' },
  { id: 7, name: 'Graphite', accent: '#495057', accent2: '#1971c2', bg: '#f1f3f5', mainDark: '#212529', mainLight: '#ffffff' },
  { id: 8, name: 'Leather', accent: '#8f5b1d', accent2: '#b7791f', bg: '#f7f4ee', mainDark: '#3b2e1e', mainLight: '#fffdf9' },
  { id: 9, name: 'Teal', accent: '#0c8599', accent2: '#099268', bg: '#eef6f5', mainDark: '#113836', mainLight: '#ffffff' },
  { id: 10, name: 'Midnight', accent: '#4dabf7', accent2: '#38d9a9', bg: '#10141c', mainDark: '#0a0d13', mainLight: '#1a202b' },
];

/** SHELL-014: a session without a theme shows theme 1. */
export const SESSION_DEFAULT_THEME_ID = 1;

export function themeById(id: number | null | undefined): Theme {
  return THEMES.find((t) => t.id === id) ?? THEMES[SESSION_DEFAULT_THEME_ID];
}

/** Relative luminance (WCAG) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The CSS custom properties of a theme, with text colours derived so that dark themes stay readable. */
export function themeVariables(t: Theme): Record<string, string> {
  const dark = luminance(t.mainLight) < 0.2;
  const onAccent = contrastRatio('#ffffff', t.accent) >= 3 ? '#ffffff' : '#0b0d12';
  return {
    '--accent': t.accent,
    '--accent-2': t.accent2,
    '--bg': t.bg,
    '--main-dark': t.mainDark,
    '--main-light': t.mainLight,
    '--on-accent': onAccent,
    '--text': dark ? '#e6e9ef' : '#1b1f27',
    '--text-muted': dark ? '#9aa3b2' : '#5b6475',
    '--border': dark ? '#2c3443' : '#dde1e8',
    '--border-strong': dark ? '#3d4758' : '#c3c9d4',
    '--surface-2': dark ? '#222a37' : '#f7f8fa',
    '--color-scheme': dark ? 'dark' : 'light',
  };
}
