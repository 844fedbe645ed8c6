import { describe, expect, it } from 'vitest';
import { approximateLocationLabel, distanceText, isApproximate } from './location-label.js';

describe('approximate locations as users read them (docs/decisions/0110-located-by.md)', () => {
  it('names the ZIP or the town of a placed point, and nothing for an exact one', () => {
    expect(approximateLocationLabel({ located_by: 'zip', zip_code: '21201', city: 'BALTIMORE', state: 'MD' })).toBe('Approximate location (ZIP 21201)');
    expect(approximateLocationLabel({ located_by: 'place', zip_code: null, city: 'MOUNT AIRY', state: 'MD' })).toBe('Approximate location (Mount Airy, MD)');
    expect(approximateLocationLabel({ located_by: 'address', zip_code: '21201', city: 'Baltimore', state: 'MD' })).toBeNull();
    expect(approximateLocationLabel({ located_by: 'coordinates', zip_code: '21201', city: 'Baltimore', state: 'MD' })).toBeNull();
    expect(approximateLocationLabel({ located_by: null, zip_code: null, city: null, state: 'MD' })).toBeNull();
    expect([null, 'coordinates', 'address', 'zip', 'place'].map((by) => isApproximate(by as never))).toEqual([false, false, false, true, true]);
  });

  it('states no distance of a mile or less from an approximate point', () => {
    expect(distanceText(1, true)).toBe('within about 1 mile (approximate location)');
    expect(distanceText(3.456, true)).toBe('3.46 miles (approximate location)');
    expect(distanceText(0.2, false)).toBe('0.20 miles');
  });
});
