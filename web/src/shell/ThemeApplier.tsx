/** Puts the session's theme (SHELL-013/014: theme 1 when unset) on the whole document as CSS variables. */
import { useLayoutEffect } from 'react';
import { useSessionStore } from '../auth/session-store';
import { themeById, themeVariables } from './themes';

export function ThemeApplier() {
  const themeId = useSessionStore((s) => s.session?.theme ?? null);
  useLayoutEffect(() => {
    const theme = themeById(themeId);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
    root.style.colorScheme = themeVariables(theme)['--color-scheme'];
    root.dataset.theme = String(theme.id);
  }, [themeId]);
  return null;
}
