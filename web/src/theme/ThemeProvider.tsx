import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { applyTheme, readStoredThemeId, storeThemeId } from './apply-theme';
import { ThemeContext, type ThemeContextValue } from './theme-context';
import { findTheme, THEMES, type Theme } from './themes';
import { browserStorage } from '../browser-storage';

/** Applies the stored theme before the first render, so the page never flashes the default. */
export function applyStoredTheme(): Theme {
  const theme = findTheme(readStoredThemeId(browserStorage('local')))!;
  applyTheme(theme);
  return theme;
}

export function ThemeProvider({ initialTheme, children }: { initialTheme: Theme; children: ReactNode }) {
  const [theme, setCurrent] = useState(initialTheme);
  const setTheme = useCallback((id: string) => {
    const next = findTheme(id);
    if (!next) return;
    applyTheme(next);
    storeThemeId(browserStorage('local'), next.id);
    setCurrent(next);
  }, []);
  const value = useMemo<ThemeContextValue>(() => ({ theme, themes: THEMES, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
