import { describe, expect, it } from 'vitest';
import { LOCAL_PALETTES } from './base-styles';
import { citiesShownAt, cityLabelLayer, countyLabelLayer, LABEL_ZOOMS, stateLabelLayer } from './layers';

describe('label layers', () => {
  it('shows county names from zoom 7, and only at the county level', () => {
    expect(countyLabelLayer(LOCAL_PALETTES.light, true)).toMatchObject({ minzoom: LABEL_ZOOMS.counties.min, layout: { visibility: 'visible' } });
    expect(countyLabelLayer(LOCAL_PALETTES.light, false).layout?.visibility).toBe('none');
    expect(LABEL_ZOOMS.counties.min).toBe(7);
  });

  it('shows state names until the counties take over', () => {
    expect(stateLabelLayer(LOCAL_PALETTES.dark)).toMatchObject({ minzoom: 3, maxzoom: 8.5 });
  });

  it('names more cities as the map zooms in', () => {
    expect([3, 4, 5, 6, 7, 10].map(citiesShownAt)).toEqual([12, 12, 30, 80, 200, 200]);
    // The step expression the layer filters by says the same.
    expect(cityLabelLayer(LOCAL_PALETTES.light).filter).toEqual(['<=', ['get', 'rank'], ['step', ['zoom'], 12, 4.5, 30, 5.5, 80, 6.5, 200]]);
  });

  it('outlines every name in the palette’s halo, dark text on Light and light text on Dark', () => {
    for (const palette of [LOCAL_PALETTES.light, LOCAL_PALETTES.dark]) {
      for (const layer of [countyLabelLayer(palette, true), stateLabelLayer(palette), cityLabelLayer(palette)])
        expect(layer.paint).toMatchObject({ 'text-halo-color': palette.textHalo, 'text-halo-width': 1.6 });
    }
    expect(cityLabelLayer(LOCAL_PALETTES.light).paint?.['text-color']).toBe('#111827');
    expect(cityLabelLayer(LOCAL_PALETTES.dark).paint?.['text-color']).toBe('#f9fafb');
  });
});
