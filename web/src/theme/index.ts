/** The colour themes: useTheme() in screens; the CSS variables (--color-*, --shadow-*, --radius-*) in stylesheets. */
export { useTheme, type ThemeContextValue } from './theme-context';
export { THEMES, type Theme, type ThemeId } from './themes';
