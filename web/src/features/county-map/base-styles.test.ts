import { describe, expect, it } from 'vitest';
import { GLYPHS_URL, LOCAL_PALETTES, resolveMapStyle } from './base-styles';

const none = { streets_style_url: null, satellite_tiles_url: null, satellite_attribution: null };

describe('map styles', () => {
  it('draws Light and Dark from local data, with land', () => {
    const dark = resolveMapStyle('dark', none);
    expect(dark).toMatchObject({ drawn: 'dark', drawsLand: true, fallbackReason: null, palette: LOCAL_PALETTES.dark });
    expect(typeof dark.style).toBe('object');
    expect(resolveMapStyle('light', null)).toMatchObject({ drawn: 'light', fallbackReason: null });
  });

  it('writes place names with the glyphs the app serves, except over a Streets style that has its own', () => {
    for (const style of [resolveMapStyle('light', null), resolveMapStyle('dark', null)]) {
      expect(style.drawsLabels).toBe(true);
      expect(style.style).toMatchObject({ glyphs: GLYPHS_URL });
    }
    expect(GLYPHS_URL.endsWith('/glyphs/{fontstack}/{range}.pbf')).toBe(true);
    expect(resolveMapStyle('streets', { ...none, streets_style_url: 'https://tiles.example/style.json' }).drawsLabels).toBe(false);
  });

  it('falls back to Light and says why when Streets or Satellite tiles are not configured', () => {
    expect(resolveMapStyle('streets', none)).toMatchObject({ chosen: 'streets', drawn: 'light', drawsLand: true });
    expect(resolveMapStyle('streets', none).fallbackReason).toContain('MAP_STREETS_STYLE_URL');
    expect(resolveMapStyle('satellite', none).fallbackReason).toContain('MAP_SATELLITE_TILES_URL');
    // Before the configuration is known the map shows Light without a warning.
    expect(resolveMapStyle('streets', null).fallbackReason).toBeNull();
  });

  it('keeps one style object per local style, so the map does not reload it needlessly', () => {
    expect(resolveMapStyle('streets', none).style).toBe(resolveMapStyle('light', null).style);
  });

  it('uses configured tiles', () => {
    const config = {
      streets_style_url: 'https://tiles.example/style.json',
      satellite_tiles_url: 'https://sat.example/{z}/{x}/{y}.jpg',
      satellite_attribution: '© Example',
    };
    expect(resolveMapStyle('streets', config)).toMatchObject({ drawn: 'streets', style: 'https://tiles.example/style.json', drawsLand: false });
    const satellite = resolveMapStyle('satellite', config);
    expect(satellite.style).toMatchObject({
      sources: { satellite: { type: 'raster', tiles: ['https://sat.example/{z}/{x}/{y}.jpg'], attribution: '© Example' } },
    });
    expect(satellite.drawsLand).toBe(false);
  });
});
