import { describe, expect, it } from 'vitest';
import { fieldLabel, formatFieldValue } from './other-fields';
import { riskFactorLabel, riskFactorValue } from './risk-factors';

describe('risk factors', () => {
  it('names the factors readably and says unknown for missing data', () => {
    expect(riskFactorLabel('population_1500ft')).toBe('Population within 1,500 ft');
    expect(riskFactorLabel('a_new_factor')).toBe('A New Factor');
    expect(riskFactorValue(null)).toBe('Unknown');
    expect(riskFactorValue(22_000)).toBe('22,000');
    expect(riskFactorValue(44.94)).toBe('44.9');
    expect(riskFactorValue('3 of 3')).toBe('3 of 3');
  });
});

describe('generic fields', () => {
  it('label keys and values readably', () => {
    expect(fieldLabel('Within_100yr_Floodplain')).toBe('Within 100yr Floodplain');
    expect(fieldLabel('EPA_Region')).toBe('EPA Region');
    expect(fieldLabel('Private_Wells_1500ft')).toBe('Private Wells 1500ft');
    expect(formatFieldValue(null)).toBe('N/A');
    expect(formatFieldValue(true)).toBe('Yes');
    expect(formatFieldValue(1500)).toBe('1,500');
    expect(formatFieldValue('point in county')).toBe('point in county');
  });
});
