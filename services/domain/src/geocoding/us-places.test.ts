import { describe, expect, it } from 'vitest';
import { loadCountyLocator } from '../counties.js';
import { loadZipCentroids } from '../zip-centroids.js';
import { loadUsPlaces } from './us-places.js';

describe('loadUsPlaces', () => {
  const places = loadUsPlaces(loadZipCentroids(loadCountyLocator()));
  const find = (name: string, state: string) => places.filter((place) => place.name === name && place.state === state);

  it('holds the GeoNames cities of the states, DC and the territories, with their population', () => {
    expect(find('Dover', 'DE')).toEqual([expect.objectContaining({ id: 'gn4142290', population: expect.any(Number) })]);
    expect(find('Dover', 'DE')[0]!.latitude).toBeCloseTo(39.158, 2);
    // GeoNames calls it 'Washington, D.C.'; the state is shown beside it anyway.
    expect(find('Washington', 'DC')).toHaveLength(1);
    expect(find('San Juan', 'PR').length).toBeGreaterThan(0);
    expect(places.some((place) => place.state === 'ON')).toBe(false);
  });

  it('adds the post-office towns GeoNames lacks, at the mean of their ZIP centroids', () => {
    const towns = places.filter((place) => place.id.startsWith('zip'));
    expect(towns.length).toBeGreaterThan(10_000);
    expect(towns.every((town) => town.population === 0)).toBe(true);
    // Dover, DE is a GeoNames city: its ZIPs add no second Dover.
    expect(places.filter((place) => place.state === 'DE' && place.name.toUpperCase() === 'DOVER')).toHaveLength(1);
  });
});
