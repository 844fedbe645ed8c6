import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage';
import { contrastRatio, readStoredThemeId, storeThemeId, THEME_STORAGE_KEY, themeVariables } from './apply-theme';
import { THEMES } from './themes';

describe('themes', () => {
  it('are the six of the spec, by id and name', () => {
    expect(THEMES.map((theme) => [theme.id, theme.name])).toEqual([
      ['default', 'Professional Blue'],
      ['dark', 'Midnight Pro'],
      ['ocean', 'Ocean Breeze'],
      ['forest', 'Forest Green'],
      ['sunset', 'Sunset Glow'],
      ['royal', 'Royal Purple'],
    ]);
  });

  it('become one CSS variable per token', () => {
    const variables = themeVariables(THEMES[0]!);
    expect(variables).toMatchObject({
      '--color-primary': '#1d4ed8',
      '--color-text-secondary': '#4b5563',
      '--color-header-text': '#ffffff',
      '--radius-large': '12px',
    });
    expect(Object.keys(variables).filter((name) => name.startsWith('--color-'))).toHaveLength(14);
    expect(variables['--shadow-elevated']).toContain('rgba');
  });

  it.each(THEMES.map((theme) => [theme.name, theme] as const))('%s reads at WCAG AA contrast', (_name, theme) => {
    const { colors } = theme;
    const onPrimary = themeVariables(theme)['--color-on-primary']!;
    for (const background of [colors.surface, colors.background]) {
      expect(contrastRatio(colors.text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.textSecondary, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.primary, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(colors.headerText, colors.header)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onPrimary, colors.primary)).toBeGreaterThanOrEqual(4.5);
    for (const status of [colors.success, colors.warning, colors.error]) expect(contrastRatio(status, colors.surface)).toBeGreaterThanOrEqual(3);
  });

  it("default to 'default', ignore unknown ids and remember the choice", () => {
    const storage = new MemoryStorage();
    expect(readStoredThemeId(storage)).toBe('default');
    storage.setItem(THEME_STORAGE_KEY, 'neon');
    expect(readStoredThemeId(storage)).toBe('default');
    storeThemeId(storage, 'forest');
    expect(readStoredThemeId(storage)).toBe('forest');
  });
});
