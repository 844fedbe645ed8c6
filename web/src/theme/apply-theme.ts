/**
 * Themes become CSS custom properties on :root, so every stylesheet follows a change at once
 * (docs/product.md section 4). The choice is kept in localStorage; unknown ids are ignored.
 */
import { DEFAULT_THEME_ID, findTheme, type Theme, type ThemeId } from './themes';

/** docs/product.md section 9: 'a key for the storage tank theme'. */
export const THEME_STORAGE_KEY = 'storage-tank-theme';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Every token as a variable (--color-text-secondary, --shadow-card, --radius-small), plus text colours derived for contrast. */
export function themeVariables(theme: Theme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(theme.colors)) variables[`--color-${kebab(name)}`] = value;
  for (const [name, value] of Object.entries(theme.shadows)) variables[`--shadow-${kebab(name)}`] = value;
  for (const [name, value] of Object.entries(theme.borderRadius)) variables[`--radius-${kebab(name)}`] = value;
  // The tokens have no "text on primary": pick whichever of the two text colours reads better.
  variables['--color-on-primary'] = readableOn(theme.colors.primary, theme.colors.surface, theme.colors.text);
  variables['color-scheme'] = relativeLuminance(theme.colors.background) < 0.2 ? 'dark' : 'light';
  return variables;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  root.dataset.theme = theme.id;
}

export function readStoredThemeId(storage: Storage | undefined): ThemeId {
  try {
    return findTheme(storage?.getItem(THEME_STORAGE_KEY))?.id ?? DEFAULT_THEME_ID;
  } catch {
    return DEFAULT_THEME_ID;
  }
}

export function storeThemeId(storage: Storage | undefined, id: ThemeId): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, id);
  } catch {
    // The theme still applies for this page; it is just not remembered.
  }
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function readableOn(background: string, ...candidates: string[]): string {
  return [...candidates, '#ffffff', '#0b1220'].reduce((best, candidate) =>
    contrastRatio(background, candidate) > contrastRatio(background, best) ? candidate : best,
  );
}
