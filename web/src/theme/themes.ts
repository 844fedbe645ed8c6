/** The six colour themes (docs/product.md section 3 'Theme'); every screen is styled from these tokens. */

export interface Theme {
  id: ThemeId;
  name: string;
  description: string;
  colors: {
    primary: string;
    secondary: string;
    accent: string;
    background: string;
    surface: string;
    text: string;
    textSecondary: string;
    border: string;
    success: string;
    warning: string;
    error: string;
    header: string;
    headerText: string;
  };
  shadows: { card: string; elevated: string };
  borderRadius: { small: string; medium: string; large: string };
}

export const THEME_IDS = ['default', 'dark', 'ocean', 'forest', 'sunset', 'royal'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const DEFAULT_THEME_ID: ThemeId = 'default';

const lightShadows = (tint: string) => ({
  card: `0 1px 2px rgba(${tint}, 0.06), 0 1px 4px rgba(${tint}, 0.08)`,
  elevated: `0 4px 10px rgba(${tint}, 0.08), 0 14px 32px rgba(${tint}, 0.14)`,
});

export const THEMES: readonly Theme[] = [
  {
    id: 'default',
    name: 'Professional Blue',
    description: 'Clean corporate blues for everyday analysis.',
    colors: {
      primary: '#1d4ed8',
      secondary: '#475569',
      accent: '#0284c7',
      background: '#f4f6f9',
      surface: '#ffffff',
      text: '#1f2937',
      textSecondary: '#4b5563',
      border: '#d5dbe3',
      success: '#15803d',
      warning: '#b45309',
      error: '#b91c1c',
      header: '#1e3a5f',
      headerText: '#ffffff',
    },
    shadows: lightShadows('15, 23, 42'),
    borderRadius: { small: '4px', medium: '8px', large: '12px' },
  },
  {
    id: 'dark',
    name: 'Midnight Pro',
    description: 'A dark theme that is easy on the eyes in long sessions.',
    colors: {
      primary: '#60a5fa',
      secondary: '#94a3b8',
      accent: '#22d3ee',
      background: '#0b1220',
      surface: '#16213a',
      text: '#e5eaf2',
      textSecondary: '#a3b0c4',
      border: '#2c3a55',
      success: '#4ade80',
      warning: '#fbbf24',
      error: '#f87171',
      header: '#050a14',
      headerText: '#e5eaf2',
    },
    shadows: { card: '0 1px 3px rgba(0, 0, 0, 0.5)', elevated: '0 12px 32px rgba(0, 0, 0, 0.6)' },
    borderRadius: { small: '4px', medium: '8px', large: '12px' },
  },
  {
    id: 'ocean',
    name: 'Ocean Breeze',
    description: 'Calm teals and sea blues.',
    colors: {
      primary: '#0e7490',
      secondary: '#155e75',
      accent: '#0d9488',
      background: '#eef7f9',
      surface: '#ffffff',
      text: '#0f2a33',
      textSecondary: '#3d5c66',
      border: '#c3dde4',
      success: '#047857',
      warning: '#b45309',
      error: '#be123c',
      header: '#0c4a5e',
      headerText: '#ffffff',
    },
    shadows: lightShadows('12, 74, 94'),
    borderRadius: { small: '6px', medium: '10px', large: '16px' },
  },
  {
    id: 'forest',
    name: 'Forest Green',
    description: 'Natural greens with an earthy feel.',
    colors: {
      primary: '#166534',
      secondary: '#3f6212',
      accent: '#4d7c0f',
      background: '#f3f6f1',
      surface: '#ffffff',
      text: '#1c2b1e',
      textSecondary: '#4a5d4c',
      border: '#cdd9c9',
      success: '#15803d',
      warning: '#a16207',
      error: '#b91c1c',
      header: '#14532d',
      headerText: '#f0fdf4',
    },
    shadows: lightShadows('20, 83, 45'),
    borderRadius: { small: '4px', medium: '8px', large: '12px' },
  },
  {
    id: 'sunset',
    name: 'Sunset Glow',
    description: 'Warm oranges and reds of the evening sky.',
    colors: {
      primary: '#c2410c',
      secondary: '#9a3412',
      accent: '#b45309',
      background: '#fdf6f0',
      surface: '#ffffff',
      text: '#2d1a12',
      textSecondary: '#6b4a3a',
      border: '#efd3c2',
      success: '#15803d',
      warning: '#a16207',
      error: '#b91c1c',
      header: '#7c2d12',
      headerText: '#fff7ed',
    },
    shadows: lightShadows('124, 45, 18'),
    borderRadius: { small: '6px', medium: '12px', large: '18px' },
  },
  {
    id: 'royal',
    name: 'Royal Purple',
    description: 'Elegant purples with a premium feel.',
    colors: {
      primary: '#6d28d9',
      secondary: '#5b21b6',
      accent: '#9333ea',
      background: '#f6f4fb',
      surface: '#ffffff',
      text: '#1f1635',
      textSecondary: '#595070',
      border: '#dcd5ee',
      success: '#15803d',
      warning: '#b45309',
      error: '#b91c1c',
      header: '#3b0764',
      headerText: '#faf5ff',
    },
    shadows: lightShadows('59, 7, 100'),
    borderRadius: { small: '4px', medium: '8px', large: '14px' },
  },
];

export function findTheme(id: unknown): Theme | undefined {
  return THEMES.find((theme) => theme.id === id);
}
