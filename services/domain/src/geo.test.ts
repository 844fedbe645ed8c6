import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES, FEET_PER_MILE, haversineMiles, isValidCoordinate } from './geo.js';

describe('haversineMiles', () => {
  it('equals the arc length R * angle along a meridian and along the equator', () => {
    const arc = (degrees: number) => (EARTH_RADIUS_MILES * degrees * Math.PI) / 180;
    expect(haversineMiles(30, -100, 40, -100)).toBeCloseTo(arc(10), 9);
    expect(haversineMiles(0, -100, 0, -90)).toBeCloseTo(arc(10), 9);
  });

  it('measures Denver Union Station to the US Capitol at about 1,491 miles', () => {
    expect(haversineMiles(39.7527, -104.9997, 38.8899, -77.0091)).toBeCloseTo(1491.2, 1);
  });

  it('is zero for a point and symmetric', () => {
    expect(haversineMiles(44.93, -68.65, 44.93, -68.65)).toBe(0);
    expect(haversineMiles(1, 2, 3, 4)).toBe(haversineMiles(3, 4, 1, 2));
  });

  it('resolves the 1,500 ft receptor radius', () => {
    // 0.01 degree of latitude is 3,648 ft anywhere on the sphere.
    expect(haversineMiles(40, -100, 40.01, -100) * FEET_PER_MILE).toBeCloseTo(3648.1, 1);
  });
});

describe('isValidCoordinate', () => {
  it('rejects out-of-range and non-finite values', () => {
    expect(isValidCoordinate(44.93, -68.65)).toBe(true);
    expect(isValidCoordinate(-68.65, 244.93)).toBe(false);
    expect(isValidCoordinate(Number.NaN, 0)).toBe(false);
  });
});
