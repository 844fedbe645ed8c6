/**
 * The four map styles of docs/product.md section 2. Light and Dark are drawn from local data
 * (water as the background, world-atlas land added by the map's overlays), so the map works
 * with no tile server. Streets and Satellite need tiles from configuration (GET
 * /api/map-config); without them the style falls back to Light and the control says why, never
 * a blank map.
 */
import type { StyleSpecification } from 'maplibre-gl';
import type { MapConfig } from '@ust/schemas';

export type MapStyleId = 'streets' | 'light' | 'dark' | 'satellite';

export const MAP_STYLES: readonly { id: MapStyleId; label: string }[] = [
  { id: 'streets', label: 'Streets' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
  { id: 'satellite', label: 'Satellite' },
];

export const DEFAULT_MAP_STYLE: MapStyleId = 'streets';

export type { MapConfig };

/** The local palettes: water, land, the lines drawn over the regions and the place names. */
export interface LocalPalette {
  water: string;
  land: string;
  countyLine: string;
  stateLine: string;
  selectedLine: string;
  /** City names, the strongest text. */
  placeText: string;
  /** State and county names, quieter than the cities. */
  regionText: string;
  /** The outline around every name, so it reads over any fill colour. */
  textHalo: string;
}

export const LOCAL_PALETTES: Record<'light' | 'dark', LocalPalette> = {
  light: {
    water: '#d4e4f1',
    land: '#f4f2ec',
    countyLine: '#ffffff',
    stateLine: '#5f6b7a',
    selectedLine: '#111827',
    placeText: '#111827',
    regionText: '#374151',
    textHalo: '#ffffff',
  },
  dark: {
    water: '#0e1726',
    land: '#1f2633',
    countyLine: '#2b3445',
    stateLine: '#9aa4b5',
    selectedLine: '#f9fafb',
    placeText: '#f9fafb',
    regionText: '#d1d5db',
    textHalo: '#0b1220',
  },
};

/**
 * The label glyphs, served with the app from its root (web/public/glyphs, made by
 * web/scripts/glyphs) so the map needs no font server. MapLibre wants an absolute address; in
 * tests without a page the origin is empty.
 */
export const GLYPHS_URL = `${globalThis.location?.origin ?? ''}/glyphs/{fontstack}/{range}.pbf`;

export interface ResolvedStyle {
  /** The style the user chose. */
  chosen: MapStyleId;
  /** The style drawn: the chosen one, or Light when its tiles are not configured. */
  drawn: MapStyleId;
  style: StyleSpecification | string;
  /** Which local palette the overlays use (Streets and Satellite keep Light's lines). */
  palette: LocalPalette;
  /** Whether the overlays add world-atlas land (only the local styles lack land). */
  drawsLand: boolean;
  /** Whether the overlays write place names: a configured Streets style brings its own. */
  drawsLabels: boolean;
  /** Why the chosen style is not drawn, for the control's hint. */
  fallbackReason: string | null;
}

function localStyle(palette: LocalPalette): StyleSpecification {
  return { version: 8, glyphs: GLYPHS_URL, sources: {}, layers: [{ id: 'water', type: 'background', paint: { 'background-color': palette.water } }] };
}

/** Built once: the map reloads its style whenever the style object changes identity. */
const LOCAL_STYLES = { light: localStyle(LOCAL_PALETTES.light), dark: localStyle(LOCAL_PALETTES.dark) };

function satelliteStyle(tilesUrl: string, attribution: string | null): StyleSpecification {
  return {
    version: 8,
    glyphs: GLYPHS_URL,
    sources: { satellite: { type: 'raster', tiles: [tilesUrl], tileSize: 256, ...(attribution ? { attribution } : {}) } },
    layers: [{ id: 'satellite', type: 'raster', source: 'satellite' }],
  };
}

/** `config` null means not known yet: configured styles wait on Light rather than flash. */
export function resolveMapStyle(chosen: MapStyleId, config: MapConfig | null): ResolvedStyle {
  const light = { chosen, drawn: 'light' as const, style: LOCAL_STYLES.light, palette: LOCAL_PALETTES.light, drawsLand: true, drawsLabels: true };
  switch (chosen) {
    case 'light':
      return { ...light, fallbackReason: null };
    case 'dark':
      return { chosen, drawn: 'dark', style: LOCAL_STYLES.dark, palette: LOCAL_PALETTES.dark, drawsLand: true, drawsLabels: true, fallbackReason: null };
    case 'streets':
      if (config?.streets_style_url)
        return {
          chosen,
          drawn: 'streets',
          style: config.streets_style_url,
          palette: LOCAL_PALETTES.light,
          drawsLand: false,
          drawsLabels: false,
          fallbackReason: null,
        };
      return { ...light, fallbackReason: config ? 'Streets tiles are not configured (MAP_STREETS_STYLE_URL): showing Light.' : null };
    case 'satellite':
      if (config?.satellite_tiles_url) {
        return {
          chosen,
          drawn: 'satellite',
          style: satelliteStyle(config.satellite_tiles_url, config.satellite_attribution),
          palette: LOCAL_PALETTES.light,
          drawsLand: false,
          drawsLabels: true,
          fallbackReason: null,
        };
      }
      return { ...light, fallbackReason: config ? 'Satellite tiles are not configured (MAP_SATELLITE_TILES_URL): showing Light.' : null };
  }
}
