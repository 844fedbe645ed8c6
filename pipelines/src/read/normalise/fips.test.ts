import { describe, expect, it } from 'vitest';
import { boxLocator, TEST_COUNTIES } from '../testing/box-locator.js';
import { mapCounty } from './fips.js';

const locator = boxLocator(TEST_COUNTIES);

describe('mapCounty', () => {
  it('maps by point first, filling a blank county name from the polygon', () => {
    const county = { fips: '11001', state: 'DC', name: 'District of Columbia' };
    expect(mapCounty(locator, county, 'DC', null)).toEqual({ fips: '11001', mappingMethod: 'point in county', county: 'District of Columbia' });
    expect(mapCounty(locator, county, 'DC', 'Washington')).toEqual({ fips: '11001', mappingMethod: 'point in county', county: 'Washington' });
  });

  it('falls back to the county name', () => {
    expect(mapCounty(locator, null, 'IL', 'De Kalb')).toEqual({ fips: '17037', mappingMethod: 'county name', county: 'De Kalb' });
  });

  it("uses a one-county state's only county when the name is blank (DC)", () => {
    expect(mapCounty(locator, null, 'DC', null)).toEqual({ fips: '11001', mappingMethod: 'county name', county: null });
  });

  it('gives up when neither works', () => {
    expect(mapCounty(locator, null, 'ME', null)).toEqual({ fips: null, mappingMethod: null, county: null });
    expect(mapCounty(locator, null, 'ME', 'Atlantis')).toEqual({ fips: null, mappingMethod: null, county: 'Atlantis' });
  });
});
