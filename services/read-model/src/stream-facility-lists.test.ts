import { describe, expect, it } from 'vitest';
import type { FacilityListItem } from '@ust/schemas';
import { encodeResponseBody } from './codecs/encode-document.js';
import { toListItem } from './codecs/list-blobs.js';
import { listItemsOfBody } from './stream-facility-lists.js';

const item = (index: number): FacilityListItem =>
  toListItem({
    Facility_ID: `DE-${index}`,
    // Braces, brackets, quotes and escapes inside strings do not end an item.
    Name: index % 2 ? `Fuel {"stop"} [${index}] \\ "É"` : null,
    Address: '1 Main St',
    City: 'Dover',
    County: 'Kent',
    State: 'DE',
    Zip_Code: '19901',
    Latitude: 39.158,
    Longitude: -75.524,
    LOCATED_BY: 'coordinates',
    FIPS: '10001',
    MAPPING_METHOD: 'point in county',
    HAS_LEAK: index % 3 === 0 ? null : true,
    leak_data: 'reported',
    TOTAL_TANK_COUNT: 3,
    ACTIVE_TANK_COUNT: 2,
    AVG_TANK_AGE: 24.8,
    MAX_TANK_AGE: 30,
    PROTECTION_SCORE: 69,
    TOTAL_LEAK_COUNT: 2,
    TOTAL_CAPACITY: 18_000,
    RISK_SCORE: 7,
    source: index % 2 ? 'generated' : 'epa-template/DE/UST/facility.csv',
    is_generated: index % 2 === 1,
  });

async function collect(items: AsyncIterable<FacilityListItem>): Promise<FacilityListItem[]> {
  const out: FacilityListItem[] = [];
  for await (const one of items) out.push(one);
  return out;
}

describe('listItemsOfBody', () => {
  it('reads every item of a stored county body, across the chunks gunzip hands out', async () => {
    const facilities = Array.from({ length: 3_000 }, (_, index) => item(index));
    const body = { facilities, county: 'Kent', state: 'DE', fips: '10001', total: facilities.length, dataset_version: 4 };
    const { gzip } = await encodeResponseBody(body);
    expect(await collect(listItemsOfBody(gzip))).toEqual(facilities);
  });

  it('reads no item from an empty list', async () => {
    const { gzip } = await encodeResponseBody({ facilities: [], county: null, state: null, fips: '99999', total: 0, dataset_version: 1 });
    expect(await collect(listItemsOfBody(gzip))).toEqual([]);
  });
});
