import { describe, expect, it } from 'vitest';
import { boxLocator, TEST_COUNTIES } from '../testing/box-locator.js';
import { checkCoordinates, countyNear } from './coordinates.js';

const locator = boxLocator(TEST_COUNTIES);

describe('checkCoordinates', () => {
  it('keeps a point that lies in its stated state', () => {
    expect(checkCoordinates(locator, '44.9', '-68.6', 'ME')).toEqual({
      latitude: 44.9,
      longitude: -68.6,
      repairs: [],
      county: { fips: '23019', state: 'ME', name: 'Penobscot' },
      problems: [],
    });
  });

  it('swaps latitude and longitude when that puts the point in the stated state', () => {
    expect(checkCoordinates(locator, '-68.6', '44.9', 'ME')).toMatchObject({
      latitude: 44.9,
      longitude: -68.6,
      repairs: ['swapped latitude and longitude'],
      problems: ['latitude and longitude swapped (repaired)'],
    });
  });

  it('restores a lost minus sign', () => {
    expect(checkCoordinates(locator, '44.9', '68.6', 'ME')).toMatchObject({
      latitude: 44.9,
      longitude: -68.6,
      repairs: ['negated longitude'],
      problems: ['longitude sign missing (repaired)'],
    });
  });

  it('repairs both at once, as in the tribal Perry, Maine row (68.65, 44.9333)', () => {
    expect(checkCoordinates(locator, '68.65', '44.9333', 'ME')).toMatchObject({
      latitude: 44.9333,
      longitude: -68.65,
      repairs: ['swapped latitude and longitude', 'negated longitude'],
      county: { fips: '23019' },
      problems: ['latitude and longitude swapped (repaired)', 'longitude sign missing (repaired)'],
    });
  });

  it('keeps a point in another state, reports it, and gives no county to map by', () => {
    expect(checkCoordinates(locator, '44.5', '-71.3', 'ME')).toEqual({
      latitude: 44.5,
      longitude: -71.3,
      repairs: [],
      county: null,
      problems: ['coordinates outside the stated state'],
    });
  });

  it('drops coordinates outside the US, keeping the record', () => {
    expect(checkCoordinates(locator, '51.5', '-0.12', 'ME')).toEqual({
      latitude: null,
      longitude: null,
      repairs: [],
      county: null,
      problems: ['coordinates outside the US'],
    });
  });

  it('treats (0, 0) as a placeholder and blank as no coordinates', () => {
    expect(checkCoordinates(locator, '0.0', '0.0', 'IL').problems).toEqual(['placeholder coordinates (0, 0), set to null']);
    expect(checkCoordinates(locator, '', '', 'IL')).toEqual({ latitude: null, longitude: null, repairs: [], county: null, problems: [] });
    expect(checkCoordinates(locator, '41.9', '', 'IL').problems).toEqual(['unparseable coordinates, set to null']);
    expect(checkCoordinates(locator, '41.9', 'west', 'IL').problems).toEqual(['unparseable coordinates, set to null']);
  });

  it('accepts a point just across a generalised boundary (within 3 km) as in the stated state', () => {
    // 0.01° of latitude (1.1 km) south of DC's box: water or Virginia on a 1:10M map.
    const check = checkCoordinates(locator, '38.78', '-77.0', 'DC');
    expect(check).toMatchObject({ latitude: 38.78, longitude: -77.0, county: { fips: '11001' }, problems: [] });
  });
});

describe('countyNear', () => {
  it('finds the exact county first, then one within 3 km, else null', () => {
    expect(countyNear(locator, 44.9, -68.6)?.fips).toBe('23019');
    expect(countyNear(locator, 38.78, -77.0)?.fips).toBe('11001');
    expect(countyNear(locator, 38.7, -77.0)).toBeNull();
    expect(countyNear(locator, 44.9, -68.6, 'NH')).toBeNull();
  });
});
