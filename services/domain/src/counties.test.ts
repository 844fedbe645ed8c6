import { createRequire } from 'node:module';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import { describe, expect, it } from 'vitest';
import { loadCountyLocator } from './counties.js';
import { pointInRings } from './point-in-polygon.js';
import { stateCodeOfName, stateFipsOf } from './state-codes.js';

const locator = loadCountyLocator();

describe('countyAt and stateAt', () => {
  it.each([
    ['the US Capitol', 38.8899, -77.0091, '11001', 'DC'],
    ['Dover, Delaware', 39.158, -75.524, '10001', 'DE'],
    // The tribal file's swapped row (Penobscot Nation, Indian Island) once repaired.
    ['Indian Island, Maine', 44.93, -68.65, '23019', 'ME'],
    ['Perry, Maine (Pleasant Point)', 44.9656, -67.0644, '23029', 'ME'],
    ['Chicago Loop', 41.8781, -87.6298, '17031', 'IL'],
    ['Anchorage', 61.2181, -149.9003, '02020', 'AK'],
    ['Adak, west of the antimeridian half of the Aleutians', 51.88, -176.65, '02016', 'AK'],
    ['Honolulu', 21.3069, -157.8583, '15003', 'HI'],
    ['San Juan', 18.4655, -66.1057, '72127', 'PR'],
  ])('puts %s in %s', (_place, latitude, longitude, fips, state) => {
    expect(locator.countyAt(latitude, longitude)?.fips).toBe(fips);
    expect(locator.stateAt(latitude, longitude)).toBe(state);
  });

  it('names Kent County, Delaware without its suffix', () => {
    expect(locator.countyAt(39.158, -75.524)).toEqual({ fips: '10001', state: 'DE', name: 'Kent' });
  });

  it.each([
    ['Lake Michigan', 43.0, -87.3],
    ['the Gulf of Mexico', 26.5, -90.0],
    ['Toronto', 43.65, -79.38],
    ['Mexico City', 19.43, -99.13],
    ['not a number', Number.NaN, -77],
  ])('finds no county in %s', (_place, latitude, longitude) => {
    expect(locator.countyAt(latitude, longitude)).toBeNull();
    expect(locator.stateAt(latitude, longitude)).toBeNull();
  });

  it('agrees with a brute-force even-odd test on 5,000 points in the lower 48', () => {
    const require = createRequire(import.meta.url);
    const topology = require('us-atlas/counties-10m.json');
    const counties = (feature(topology, topology.objects.counties) as unknown as FeatureCollection<Polygon | MultiPolygon>).features.map((county) => {
      const rings = county.geometry.type === 'Polygon' ? county.geometry.coordinates : county.geometry.coordinates.flat();
      const points = rings.flat();
      const longitudes = points.map(([longitude]) => longitude!);
      const latitudes = points.map(([, latitude]) => latitude!);
      return {
        fips: String(county.id),
        rings,
        // A point outside a county's bounding box is outside the county: skipping those keeps
        // the brute force exhaustive while sparing it most of the 3,000 counties' rings.
        box: { west: Math.min(...longitudes), east: Math.max(...longitudes), south: Math.min(...latitudes), north: Math.max(...latitudes) },
      };
    });
    const inBox = ({ box }: (typeof counties)[number], longitude: number, latitude: number) =>
      longitude >= box.west && longitude <= box.east && latitude >= box.south && latitude <= box.north;
    let state = 42;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i++) {
      const latitude = 25 + 24 * random();
      const longitude = -124 + 57 * random();
      const expected = counties.find((county) => inBox(county, longitude, latitude) && pointInRings(longitude, latitude, county.rings))?.fips ?? null;
      expect(locator.countyAt(latitude, longitude)?.fips ?? null, `${latitude},${longitude}`).toBe(expected);
    }
  });
});

describe('countyByName', () => {
  it.each([
    ['IL', 'De Kalb', '17037'],
    ['IL', 'DEKALB COUNTY', '17037'],
    ['IL', 'La Salle', '17099'],
    ['DE', 'Kent', '10001'],
    ['DE', 'Kent County', '10001'],
    ['DC', 'Washington', '11001'],
    ['DC', 'District of Columbia', '11001'],
    ['LA', 'Orleans Parish', '22071'],
    ['MO', 'St. Louis', '29189'],
    ['MO', 'Saint Louis County', '29189'],
    ['MO', 'St. Louis City', '29510'],
    ['VA', 'Richmond city', '51760'],
    ['VA', 'Richmond County', '51159'],
    ['VA', 'Charles City County', '51036'],
    ['NV', 'Carson City', '32510'],
    ['NM', 'Dona Ana', '35013'],
    ['MD', "Prince George's", '24033'],
    ['AK', 'Juneau City and Borough', '02110'],
    ['ME', 'Washington', '23029'],
  ])('finds %s %s -> %s', (state, name, fips) => {
    expect(locator.countyByName(state, name)).toBe(fips);
  });

  it('returns null for unknown states and names', () => {
    expect(locator.countyByName('DE', 'Cook')).toBeNull();
    expect(locator.countyByName('XX', 'Kent')).toBeNull();
    expect(locator.countyByName('DE', '')).toBeNull();
  });
});

describe('counties and state codes', () => {
  it('lists every us-atlas county once, sorted, each with its state', () => {
    const all = locator.counties();
    expect(all).toHaveLength(3231);
    expect(new Set(all.map((county) => county.fips)).size).toBe(3231);
    expect(all[0]).toEqual({ fips: '01001', state: 'AL', name: 'Autauga' });
    expect(all.filter((county) => county.state === 'DE').map((county) => county.name)).toEqual(['Kent', 'New Castle', 'Sussex']);
  });

  it('maps codes and names to FIPS and back', () => {
    expect(stateFipsOf('DE')).toBe('10');
    expect(stateFipsOf('mp')).toBe('69');
    expect(stateFipsOf('CM')).toBe('69');
    expect(stateFipsOf('ZZ')).toBeNull();
    expect(stateCodeOfName('Maine')).toBe('ME');
    expect(stateCodeOfName('district of columbia')).toBe('DC');
    expect(stateCodeOfName('United States Virgin Islands')).toBe('VI');
    expect(stateCodeOfName('Atlantis')).toBeNull();
  });
});
