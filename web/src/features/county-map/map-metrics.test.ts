import { describe, expect, it } from 'vitest';
import type { RegionProperties } from '@ust/schemas';
import { lacksReleaseData, metricValue } from './map-metrics';

const delaware = { has_release_data: false, total_facilities: 2_665, leak_rate: null, facilities_with_leaks: null, total_leaks: null } as RegionProperties;
const dc = { has_release_data: true, total_facilities: 1_356, leak_rate: 45.9, facilities_with_leaks: 623, total_leaks: 1_065 } as RegionProperties;

describe('map metrics without release data', () => {
  it('marks the leak metrics of a region without release data as no data, not as 0', () => {
    for (const key of ['leak_rate', 'facilities_with_leaks', 'total_leaks'] as const) {
      expect(lacksReleaseData(delaware, key)).toBe(true);
      expect(lacksReleaseData(dc, key)).toBe(false);
    }
  });

  it('still colours the other metrics of such a region', () => {
    expect(lacksReleaseData(delaware, 'total_facilities')).toBe(false);
    expect(metricValue(delaware, 'total_facilities')).toBe(2_665);
    expect(metricValue(dc, 'leak_rate')).toBe(45.9);
  });
});
