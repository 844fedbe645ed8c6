import { describe, expect, it } from 'vitest';
import type { ZipCentroid } from '../zip-centroids.js';
import { AddressDeduper, addressRowShards, placeRowsByShard, zipRowsByShard, type AddressRecord } from './build.js';
import { parseQuery } from './parse.js';
import { bestGeocode, collectRows, rankCandidates, shardsForQuery, Tier } from './rank.js';
import { toGeocodeResult, toSuggestion } from './results.js';
import { addressBucket, addressBucketCount, MAX_ADDRESS_BUCKETS } from './shards.js';
import type { UsPlace } from './us-places.js';

const address = (fields: Partial<AddressRecord> & Pick<AddressRecord, 'address' | 'state'>): AddressRecord => ({
  city: null,
  zip_code: null,
  latitude: 39,
  longitude: -75,
  ...fields,
});
const place = (id: string, name: string, state: string, population: number, latitude = 39, longitude = -75): UsPlace => ({
  id,
  name,
  state,
  population,
  latitude,
  longitude,
});
const zip = (code: string, city: string | null, state: string, latitude: number, longitude: number): ZipCentroid => ({
  zip: code,
  city,
  state,
  latitude,
  longitude,
  fips: '00000',
  county: '',
});

/** A small index, in memory, keyed as the cache holds it. */
function buildIndex() {
  const deduper = new AddressDeduper();
  deduper.add(
    address({ address: '1016 BLADENSBURG RD NE', city: 'Washington DC', state: 'DC', zip_code: '20002', latitude: 38.90305719, longitude: -76.98186192 }),
    'facility',
  );
  deduper.add(
    address({ address: '1016 Bladensburg Road Northeast', city: 'Washington', state: 'DC', zip_code: '20002', latitude: 38.9031, longitude: -76.9819 }),
    'release',
  );
  deduper.add(address({ address: '1016 Bladen St', city: 'Hyattsville', state: 'MD', zip_code: '20781' }), 'facility');
  deduper.add(address({ address: '1016 Bladen St Ext', city: 'Hyattsville', state: 'MD', zip_code: '20781' }), 'facility');
  deduper.add(
    address({ address: '2181 South DuPont Highway', city: 'Dover', state: 'DE', zip_code: '19901', latitude: 39.118174, longitude: -75.534738 }),
    'facility',
  );
  deduper.add(address({ address: 'Dover Rd & Main St', city: 'Smyrna', state: 'DE', zip_code: '19977' }), 'facility');
  // No coordinates: never placed.
  deduper.add(address({ address: '7 Unplaced Way', state: 'DE', latitude: null }), 'facility');
  const rows = [...deduper.rows()];
  const buckets = addressBucketCount(rows.length);
  const shards = new Map<string, unknown[]>();
  const add = (shard: string, row: unknown) => shards.set(shard, [...(shards.get(shard) ?? []), row]);
  for (const row of rows) for (const shard of addressRowShards(row, buckets)) add(shard, row);
  const zips = [
    zip('19901', 'Dover', 'DE', 39.18, -75.47),
    zip('19904', 'Dover', 'DE', 39.16, -75.58),
    zip('20002', 'Washington', 'DC', 38.905, -76.98),
    zip('80202', 'Denver', 'CO', 39.75, -104.99),
  ];
  for (const [shard, list] of zipRowsByShard(zips)) for (const row of list) add(shard, row);
  const places = [
    place('gn1', 'Dover', 'DE', 37_522, 39.158, -75.524),
    place('gn2', 'Dover', 'NH', 30_880),
    place('gn3', 'Dovre', 'MN', 1_200),
    place('gn4', 'Washington, D.C.'.replace(', D.C.', ''), 'DC', 601_723, 38.895, -77.036),
    place('gn5', 'Springfield', 'IL', 114_000),
    place('gn6', 'Springfield', 'MO', 166_000),
    place('gn7', 'St. Louis', 'MO', 315_000),
    place('gn8', 'Denver', 'CO', 715_522, 39.739, -104.985),
  ];
  for (const [shard, list] of placeRowsByShard(places)) for (const row of list) add(shard, row);
  return { rows, buckets, shards };
}

const index = buildIndex();

function candidates(text: string) {
  const query = parseQuery(text);
  if (!query) return [];
  const shards = shardsForQuery(query, index.buckets);
  return rankCandidates(query, collectRows(shards.map((id) => [id, index.shards.get(id) ?? []] as const)));
}
const names = (text: string) => candidates(text).map((candidate) => candidate.placeName);

describe('the index rows', () => {
  it('keep one row per normalised address with the facilities and releases there', () => {
    expect(index.rows).toContainEqual(['1016', 'BLADENSBURG RD NE', 'WASHINGTON', 'DC', '20002', -76.981862, 38.903057, 1, 1]);
    expect(index.rows).toHaveLength(5);
  });

  it('bucket a house number the same way at every bucket count', () => {
    for (const buckets of [1, 2, 64, 1024, MAX_ADDRESS_BUCKETS])
      expect(addressBucket('1016', MAX_ADDRESS_BUCKETS) % buckets).toBe(addressBucket('1016', buckets));
    expect(addressBucketCount(0)).toBe(1);
    expect(addressBucketCount(800_000)).toBe(4096);
    expect(addressBucketCount(400_000)).toBe(2048);
    expect(addressBucketCount(10_000_000)).toBe(MAX_ADDRESS_BUCKETS);
  });
});

describe('ranking', () => {
  it('suggests a street address from its number and the start of its street', () => {
    expect(names('1016 blad')).toEqual([
      '1016 Bladen St, Hyattsville, MD 20781',
      '1016 Bladen St Ext, Hyattsville, MD 20781',
      '1016 Bladensburg Rd NE, Washington, DC 20002',
    ]);
    expect(names('1016 bladensb')).toEqual(['1016 Bladensburg Rd NE, Washington, DC 20002']);
  });

  it('puts an exact street address above one the words only begin', () => {
    const ranked = candidates('1016 Bladen St');
    expect(ranked.map((candidate) => [candidate.placeName, Math.floor(candidate.score / 100)])).toEqual([
      ['1016 Bladen St, Hyattsville, MD 20781', Tier.addressExact],
      ['1016 Bladen St Ext, Hyattsville, MD 20781', Tier.addressPrefix],
    ]);
  });

  it('orders a full address, then its ZIP, then its city', () => {
    expect(candidates('1016 Bladensburg Road NE, Washington DC 20002').map((candidate) => [candidate.matchType, candidate.placeName])).toEqual([
      ['address', '1016 Bladensburg Rd NE, Washington, DC 20002'],
      ['zip', 'Washington, DC 20002'],
      ['place', 'Washington, DC'],
    ]);
    // The same without commas: the street ends where the words stop matching it.
    expect(names('1016 Bladensburg Rd NE Washington DC 20002')[0]).toBe('1016 Bladensburg Rd NE, Washington, DC 20002');
  });

  it('puts a ZIP above a place, a place above a street without a number begun, and that above a typo', () => {
    expect(
      candidates('Dover 19901')
        .map((candidate) => candidate.matchType)
        .slice(0, 2),
    ).toEqual(['zip', 'place']);
    expect(names('Dover')).toEqual(['Dover, DE', 'Dover, NH', 'Dover Rd & Main St, Smyrna, DE 19977', 'Dovre, MN']);
  });

  it('suggests ZIPs being typed in order, and a place with its state first', () => {
    expect(names('199')).toEqual(['Dover, DE 19901', 'Dover, DE 19904']);
    expect(names('Dover, DE')).toEqual(['Dover, DE', 'Dover Rd & Main St, Smyrna, DE 19977']);
    expect(names('Dover NH')[0]).toBe('Dover, NH');
    expect(names('springfield').slice(0, 2)).toEqual(['Springfield, MO', 'Springfield, IL']);
    expect(names('saint lou')).toEqual(['St. Louis, MO']);
  });

  it('finds a street without its pre-directional, and with a typo', () => {
    expect(names('2181 Dupont Hwy, Dover')[0]).toBe('2181 S Dupont Hwy, Dover, DE 19901');
    expect(names('1016 Bladensberg Rd')).toEqual(['1016 Bladensburg Rd NE, Washington, DC 20002']);
  });

  it('gives the suggestion shape with center [longitude, latitude]', () => {
    expect(toSuggestion(candidates('1016 blad').at(-1)!)).toEqual({
      id: 'address.DC.20002.1016-BLADENSBURG-RD-NE',
      place_name: '1016 Bladensburg Rd NE, Washington, DC 20002',
      center: [-76.981862, 38.903057],
      properties: { address: '1016 Bladensburg Rd NE', match_type: 'address' },
    });
  });
});

describe('geocoding', () => {
  const geocode = (text: string) => toGeocodeResult(text, bestGeocode(candidates(text)));

  it('places a known street address at its point', () => {
    expect(geocode('1016 Bladensburg Rd NE, Washington DC 20002')).toEqual({
      success: true,
      message: 'Address found',
      original_address: '1016 Bladensburg Rd NE, Washington DC 20002',
      formatted_address: '1016 Bladensburg Rd NE, Washington, DC 20002',
      latitude: 38.903057,
      longitude: -76.981862,
      match_type: 'address',
    });
  });

  it('falls back to the ZIP, then to the city, of an unknown street address', () => {
    expect(geocode('1701 Wynkoop St, Denver, CO 80202')).toMatchObject({
      success: true,
      match_type: 'zip',
      formatted_address: 'Denver, CO 80202',
      latitude: 39.75,
    });
    expect(geocode('1701 Wynkoop St, Denver, CO')).toMatchObject({ success: true, match_type: 'place', formatted_address: 'Denver, CO' });
    expect(geocode('9 Nowhere Rd Dover DE')).toMatchObject({ success: true, match_type: 'place', formatted_address: 'Dover, DE' });
  });

  it('does not take an address in another state than the one typed', () => {
    expect(geocode('1016 Bladensburg Rd NE, Dover, DE')).toMatchObject({ match_type: 'place', formatted_address: 'Dover, DE' });
  });

  it('says what to try when it cannot place an address', () => {
    expect(geocode('1 Nonexistent Way, Nowhereville')).toEqual({
      success: false,
      message: 'We could not find that address. Try a street address with city and state, or a ZIP code.',
      original_address: '1 Nonexistent Way, Nowhereville',
      formatted_address: null,
      latitude: null,
      longitude: null,
      match_type: null,
    });
    // Begun words are suggestions, not a place to search from.
    expect(geocode('199').success).toBe(false);
  });
});
