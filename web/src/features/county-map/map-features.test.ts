import { describe, expect, it } from 'vitest';
import type { FacilityListItem } from '@ust/schemas';
import { densityFeatures, densityResolutionFor, pinFeatures } from './map-features';

describe('map point layers', () => {
  it('pins only the facilities that have coordinates', () => {
    const located = { Facility_ID: 'A', Name: 'Alpha', Latitude: 38.9, Longitude: -77, HAS_LEAK: true } as FacilityListItem;
    const unlocated = { Facility_ID: 'B', Name: null, Latitude: null, Longitude: null, HAS_LEAK: false } as FacilityListItem;
    const pins = pinFeatures([located, unlocated]);
    expect(pins.features).toEqual([
      { type: 'Feature', properties: { id: 'A', name: 'Alpha', has_leak: true }, geometry: { type: 'Point', coordinates: [-77, 38.9] } },
    ]);
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
