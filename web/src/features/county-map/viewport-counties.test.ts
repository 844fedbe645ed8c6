import { describe, expect, it } from 'vitest';
import { countiesInView, type CountyBox } from './viewport-counties';

/** A row of one-degree counties along the equator, 00001 at 0-1°, 00002 at 1-2°, ... */
const ROW: CountyBox[] = Array.from({ length: 30 }, (_, index) => ({
  fips: String(index + 1).padStart(5, '0'),
  box: [index, 0, index + 1, 1],
}));

describe('countiesInView', () => {
  it('asks for nothing below zoom 9, where pins would pile up', () => {
    expect(countiesInView(ROW, { zoom: 8.9, bounds: [0, 0, 3, 1] })).toEqual([]);
    expect(countiesInView(ROW, null)).toEqual([]);
  });

  it('takes the counties that meet the view, nearest its centre first', () => {
    expect(countiesInView(ROW, { zoom: 10, bounds: [4.2, 0.2, 6.5, 0.8] })).toEqual(['00006', '00005', '00007']);
  });

  it('caps the number of counties and skips those known to be empty', () => {
    const view = { zoom: 9, bounds: [0, 0, 30, 1] } as const;
    expect(countiesInView(ROW, view)).toHaveLength(12);
    expect(countiesInView(ROW, view, (fips) => fips === '00015', 3)).toEqual(['00016', '00014', '00017']);
  });
});
