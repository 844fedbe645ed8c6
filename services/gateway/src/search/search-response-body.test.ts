import { describe, expect, it } from 'vitest';
import { packedItemRange, packItems } from '@ust/domain';
import { foundItemJson, roundMiles, type FoundItem } from '@ust/read-model';
import { PRICING_DISCLAIMER, type GeocodeResult } from '@ust/schemas';
import { milesText, searchResponseBody } from './search-response-body.js';

describe('the search response body', () => {
  const facilities = [
    { id: 'F-1', name: 'Café "Nord" 🛢' },
    { id: 'F-2', name: 'Gas' },
  ];
  const release = { lust_id: 'L-1', city: 'Dover' };
  const blob = packItems([...facilities, release].map((item) => JSON.stringify(item)));
  const found = <T>(index: number, distanceMiles: number): FoundItem<T> => {
    const [start, end] = packedItemRange(blob, index);
    return { blob, start, end, distanceMiles, approximate: false };
  };
  const geocoding: GeocodeResult = {
    success: true,
    message: 'Located',
    original_address: 'Zoë’s place',
    formatted_address: 'Zoë’s place',
    latitude: 39.1,
    longitude: -75.5,
    match_type: null,
  };

  it('is the items as stored with their distances, and the parts the route adds', () => {
    const body = searchResponseBody({ facilities: [found(0, 0.123456), found(1, 9.995)], total_found: 7, closest_release: found(2, 1.5) }, geocoding, 12);
    expect(JSON.parse(body.toString('utf8'))).toEqual({
      facilities: [
        { ...facilities[0], distance_miles: 0.12 },
        { ...facilities[1], distance_miles: roundMiles(9.995) },
      ],
      geocoding,
      total_found: 7,
      closest_release: { ...release, distance_miles: 1.5 },
      dataset_version: 12,
      pricing_note: PRICING_DISCLAIMER,
    });
    expect(foundItemJson(found(0, 2.04))).toBe(JSON.stringify({ ...facilities[0], distance_miles: 2.04 }));
  });

  it('says so when nothing is found', () => {
    const body = JSON.parse(searchResponseBody({ facilities: [], total_found: 0, closest_release: null }, geocoding, 3).toString('utf8'));
    expect(body).toMatchObject({ facilities: [], total_found: 0, closest_release: null, dataset_version: 3 });
  });

  it('writes miles as JSON writes them rounded to hundredths', () => {
    for (const miles of [0, 0.004, 0.005, 0.07, 0.1, 0.5, 1, 1.005, 2.675, 9.999, 10, 123.456, Math.PI]) {
      expect(milesText(miles)).toBe(String(roundMiles(miles)));
    }
  });
});
