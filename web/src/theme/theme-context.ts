import { createContext, useContext } from 'react';
import type { Theme, ThemeId } from './themes';

export interface ThemeContextValue {
  theme: Theme;
  themes: readonly Theme[];
  /** Applies at once and is remembered; an unknown id is ignored. */
  setTheme(id: ThemeId | string): void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme needs a <ThemeProvider> above it');
  return value;
}
