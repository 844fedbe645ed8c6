import { describe, expect, it } from 'vitest';
import { loadCountyLocator } from './counties.js';
import { STATE_CODES } from './state-codes.js';
import { loadZipCentroids } from './zip-centroids.js';

const locator = loadCountyLocator();
const zips = loadZipCentroids(locator);

describe('loadZipCentroids', () => {
  it('gives Dover, Delaware its city, county and FIPS', () => {
    expect(zips.find((zip) => zip.zip === '19901')).toEqual({
      zip: '19901',
      latitude: 39.181542,
      longitude: -75.47352,
      city: 'Dover',
      state: 'DE',
      fips: '10001',
      county: 'Kent',
    });
  });

  it('covers every state and territory of us-atlas, each centroid inside its own county', () => {
    expect(new Set(zips.map((zip) => zip.state))).toEqual(new Set(Object.values(STATE_CODES).map((state) => state.code)));
    expect(zips.length).toBeGreaterThan(33_000);
    for (const zip of zips.filter((_, i) => i % 50 === 0)) {
      expect(locator.countyAt(zip.latitude, zip.longitude)?.fips).toBe(zip.fips);
    }
  });

  it('is sorted by ZIP and memoised', () => {
    expect(zips.map((zip) => zip.zip)).toEqual([...zips.map((zip) => zip.zip)].sort());
    expect(loadZipCentroids(locator)).toBe(zips);
  });
});
