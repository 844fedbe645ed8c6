import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FacilityListItem } from '@ust/schemas';
import { encodeResponseBody } from './encode-document.js';
import { decodeBlob, encodeBlob, LIST_ITEM_COLUMNS, packListItems, toListItem, unpackListItems } from './list-blobs.js';

const item: FacilityListItem = {
  Facility_ID: 'DE-1',
  Name: 'Dover Fuel',
  Address: null,
  City: 'Dover',
  County: 'Kent',
  State: 'DE',
  Zip_Code: '19901',
  Latitude: 39.158,
  Longitude: -75.524,
  LOCATED_BY: 'coordinates',
  FIPS: '10001',
  MAPPING_METHOD: 'point in county',
  HAS_LEAK: true,
  leak_data: 'reported',
  TOTAL_TANK_COUNT: 3,
  ACTIVE_TANK_COUNT: 2,
  AVG_TANK_AGE: 24.8,
  MAX_TANK_AGE: 30,
  PROTECTION_SCORE: 69,
  TOTAL_LEAK_COUNT: 2,
  TOTAL_CAPACITY: 18_000,
  RISK_SCORE: 7,
  source: 'epa-template/DE/UST/facility.csv',
  is_generated: false,
};

describe('facility list blobs', () => {
  it('round-trips list items through packing and gzip', async () => {
    const packed = packListItems([item]);
    expect(packed.rows[0]).toHaveLength(packed.columns.length);
    expect(unpackListItems(await decodeBlob(await encodeBlob(packed)))).toEqual([item]);
  });

  it("unpacks by the blob's own columns", () => {
    expect(unpackListItems({ columns: ['State', 'Facility_ID'], rows: [['DE', 'DE-9']] })).toEqual([{ State: 'DE', Facility_ID: 'DE-9' }]);
  });
});

describe('stored response bodies', () => {
  it('lists every FacilityListItem key in schema order, a missing one as null', () => {
    const { Address: _address, ...withoutAddress } = item;
    const reordered = Object.fromEntries(Object.entries(withoutAddress).reverse()) as FacilityListItem;
    const normalized = toListItem(reordered);
    expect(Object.keys(normalized)).toEqual(LIST_ITEM_COLUMNS);
    expect(JSON.stringify(normalized)).toBe(JSON.stringify(item));
  });

  it('gzips the JSON and tags it with the sha-256 of the JSON', async () => {
    const body = { facilities: [item], state: 'DE', name: 'Delaware', total: 1, dataset_version: 4 };
    const encoded = await encodeResponseBody(body);
    const json = gunzipSync(encoded.gzip);
    expect(json.toString('utf8')).toBe(JSON.stringify(body));
    expect(encoded.rawBytes).toBe(json.length);
    expect(encoded.etag).toBe(`"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`);
    expect(encoded.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });
});
