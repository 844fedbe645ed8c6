import { describe, expect, it } from 'vitest';
import type { FacilityListItem } from '@ust/schemas';
import { densityFeatures, densityResolutionFor, mergePins, pinFeatures, pinsToShow } from './map-features';
import type { PinFeatures } from './map-overlays';

describe('map point layers', () => {
  it('pins only the facilities that have coordinates', () => {
    const located = { Facility_ID: 'A', Name: 'Alpha', Latitude: 38.9, Longitude: -77, HAS_LEAK: true } as FacilityListItem;
    const unlocated = { Facility_ID: 'B', Name: null, Latitude: null, Longitude: null, HAS_LEAK: false } as FacilityListItem;
    const pins = pinFeatures([located, unlocated]);
    expect(pins.features).toEqual([
      { type: 'Feature', properties: { id: 'A', name: 'Alpha', has_leak: true, leak_reported: true }, geometry: { type: 'Point', coordinates: [-77, 38.9] } },
    ]);
  });

  it('pins a facility at an address point, not one placed at its ZIP or town (docs/decisions/0110-located-by.md)', () => {
    const at = (id: string, located_by: FacilityListItem['LOCATED_BY']) =>
      ({ Facility_ID: id, Name: id, Latitude: 39.29, Longitude: -76.62, LOCATED_BY: located_by, HAS_LEAK: false }) as FacilityListItem;
    const pins = pinFeatures([at('own', 'coordinates'), at('address', 'address'), at('zip', 'zip'), at('town', 'place')]);
    expect(pins.features.map((pin) => pin.properties.id)).toEqual(['own', 'address']);
  });

  it('marks the pins of facilities whose leaks are not reported, with no null for MapLibre to trip on', () => {
    const delaware = { Facility_ID: 'DE-1', Name: 'Dover', Latitude: 39.1, Longitude: -75.5, HAS_LEAK: null } as FacilityListItem;
    expect(pinFeatures([delaware]).features[0]?.properties).toEqual({ id: 'DE-1', name: 'Dover', has_leak: false, leak_reported: false });
  });

  it('turns density cells into weighted points', () => {
    const points = densityFeatures({
      dataset_version: 1,
      generated_at: '',
      resolution: 4,
      cell_count: 1,
      facility_count: 7,
      max_count: 7,
      cells: [['842a107ffffffff', -77.1, 38.8, 7]],
    });
    expect(points.features[0]).toEqual({ type: 'Feature', properties: { count: 7 }, geometry: { type: 'Point', coordinates: [-77.1, 38.8] } });
  });

  it('picks finer H3 cells as the map zooms in', () => {
    expect([3, 4, 5, 6, 7, 9].map(densityResolutionFor)).toEqual([4, 4, 5, 5, 6, 7]);
  });
});

describe('mergePins', () => {
  const pin = (id: string): PinFeatures['features'][number] => ({
    type: 'Feature',
    properties: { id, name: id, has_leak: false, leak_reported: true },
    geometry: { type: 'Point', coordinates: [-75.4, 38.7] },
  });
  const set = (...ids: string[]): PinFeatures => ({ type: 'FeatureCollection', features: ids.map(pin) });

  it('pins each facility once when the selected county is also in view', () => {
    expect(mergePins(set('a', 'b'), set('b', 'c'))?.features.map((each) => each.properties.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a lone set as it is, and none as none', () => {
    const only = set('a');
    expect(mergePins(null, only)).toBe(only);
    expect(mergePins(null, null)).toBeNull();
  });
});

describe('pinsToShow', () => {
  const facility = (id: string, HAS_LEAK: boolean | null) => ({ Facility_ID: id, Name: id, Latitude: 38.9, Longitude: -77, HAS_LEAK }) as FacilityListItem;
  const pins = pinFeatures([facility('leaked', true), facility('clean', false), facility('unreported', null)]);

  it('pins every facility while "Show map markers for all search results" is on', () => {
    expect(pinsToShow(pins, true)).toBe(pins);
  });

  it('pins only the facilities that had a leak when it is off', () => {
    expect(pinsToShow(pins, false)?.features.map((pin) => pin.properties.id)).toEqual(['leaked']);
    expect(pinsToShow(null, false)).toBeNull();
  });
});
