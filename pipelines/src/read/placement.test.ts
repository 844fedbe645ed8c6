/**
 * Placing records without coordinates (docs/decisions/0110-located-by.md) against the real
 * county shapes, ZIP centroids and towns: address point, else ZIP centroid of the record's own
 * state, else town centre, else not located; never at (0, 0); one warning row each.
 */
import { loadCountyLocator, loadZipCentroids } from '@ust/domain';
import { describe, expect, it } from 'vitest';
import { RecordPlacer, type PlaceableRecord } from './placement.js';
import { REJECT, RowRejects } from './rejects.js';

const HEADERS = { address: 'Address', zip: 'ZipCode', city: 'City' };
const locator = loadCountyLocator();
const centroid = (zip: string) => loadZipCentroids(locator).find((candidate) => candidate.zip === zip)!;

function record(fields: Partial<PlaceableRecord>): PlaceableRecord {
  return { state: 'MD', address: null, city: null, zip_code: null, latitude: null, longitude: null, located_by: null, fips: null, county: null, ...fields };
}

/** The record once placed, and the reasons of the warning rows it raised. */
function placed(placer: RecordPlacer, fields: Partial<PlaceableRecord>, facilityId: string | null = null) {
  const rejects = new RowRejects('test.csv', 2);
  const result = record(fields);
  placer.place(result, facilityId, HEADERS, rejects);
  return { record: result, reasons: rejects.rows.map((row) => row.reason), values: rejects.rows.map((row) => row.value) };
}

/** A placer that knows one facility with its own coordinates, at 100 N Charles St, Baltimore 21201. */
function placerWithFacility(): RecordPlacer {
  const placer = new RecordPlacer(locator);
  const facility = record({ address: '100 N Charles St', zip_code: '21201', latitude: 39.2906, longitude: -76.6146 });
  placer.place(facility, null, HEADERS, new RowRejects('facility.csv', 2));
  placer.addAddressPoint(facility, 'MD-1');
  return placer;
}

describe('placing a record without coordinates', () => {
  it("keeps a record's own coordinates, without a warning", () => {
    const { record, reasons } = placed(new RecordPlacer(locator), { zip_code: '21201', latitude: 39.3, longitude: -76.6 });
    expect(record).toMatchObject({ located_by: 'coordinates', latitude: 39.3, longitude: -76.6 });
    expect(reasons).toEqual([]);
  });

  it("takes the point of the facility it is linked to before its ZIP's centroid", () => {
    const { record, reasons } = placed(placerWithFacility(), { zip_code: '21201', city: 'Baltimore' }, 'MD-1');
    expect(record).toMatchObject({ located_by: 'address', latitude: 39.2906, longitude: -76.6146, fips: '24510' });
    expect(reasons).toEqual([REJECT.placedAtAddress]);
  });

  it('takes the point of a record with coordinates at the same house number, street and ZIP', () => {
    const { record } = placed(placerWithFacility(), { address: '100 NORTH CHARLES STREET', zip_code: '21201' });
    expect(record).toMatchObject({ located_by: 'address', latitude: 39.2906, longitude: -76.6146 });
  });

  it("never takes an address point from a record that was itself placed: an approximate point stays the ZIP's", () => {
    const placer = new RecordPlacer(locator);
    const approximate = placed(placer, { address: '1 Main St', zip_code: '21502' }).record;
    placer.addAddressPoint(approximate, 'MD-2');
    expect(placed(placer, { address: '1 Main St', zip_code: '21502' }, 'MD-2').record.located_by).toBe('zip');
  });

  it("places a record at its ZIP's centroid, in the ZIP's county, said to be approximate", () => {
    const { record, reasons, values } = placed(new RecordPlacer(locator), { zip_code: '21201', city: 'Baltimore' });
    expect(record).toMatchObject({ located_by: 'zip', latitude: centroid('21201').latitude, longitude: centroid('21201').longitude, fips: '24510' });
    expect(reasons).toEqual([REJECT.placedAtZip]);
    expect(values).toEqual(['21201']);
  });

  it('keeps the county the source named, when it named one', () => {
    const { record } = placed(new RecordPlacer(locator), { zip_code: '21201', fips: '24005', county: 'Baltimore' });
    expect(record).toMatchObject({ located_by: 'zip', fips: '24005', county: 'Baltimore' });
  });

  it("refuses a ZIP of another state and places the record at its town's centre instead", () => {
    expect(centroid('20001').state).toBe('DC');
    const { record, reasons, values } = placed(new RecordPlacer(locator), { zip_code: '20001', city: 'FREDERICK' });
    expect(record.located_by).toBe('place');
    expect(locator.countyAt(record.latitude!, record.longitude!)).toMatchObject({ state: 'MD', fips: '24021' });
    expect(reasons).toEqual([REJECT.placedAtPlace]);
    expect(values).toEqual(['Frederick, MD']);
  });

  it('does not place a record whose ZIP and town are both of another state', () => {
    const { record, reasons } = placed(new RecordPlacer(locator), { zip_code: '20001', city: 'Washington', state: 'WY' });
    expect(record).toMatchObject({ located_by: null, latitude: null, longitude: null });
    expect(reasons).toEqual([REJECT.notPlaced]);
  });

  it('leaves a record without address, ZIP or town unlocated, never at (0, 0)', () => {
    const { record, reasons } = placed(new RecordPlacer(locator), {});
    expect(record).toMatchObject({ located_by: null, latitude: null, longitude: null, fips: null });
    expect(reasons).toEqual([REJECT.notPlaced]);
  });

  it('never places a record at (0, 0), even when an address point says so: it falls through to its ZIP', () => {
    const placer = new RecordPlacer(locator);
    placer.addAddressPoint(record({ address: '5 Elm St', zip_code: '21201', latitude: 0, longitude: 0, located_by: 'coordinates' }), 'MD-3');
    const { record: release, reasons } = placed(placer, { address: '5 Elm St', zip_code: '21201' }, 'MD-3');
    expect(release).toMatchObject({ located_by: 'zip', latitude: centroid('21201').latitude });
    expect(reasons).toEqual([REJECT.placedAtZip]);
  });
});
