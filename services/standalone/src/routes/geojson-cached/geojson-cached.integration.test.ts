/**
 * GET /api/geojson-cached/{level}?geometry=none: the region documents without boundaries, for a
 * map that draws its own cached us-atlas shapes. The same features (ids, properties) and
 * metadata as the full document, geometry null, under an ETag of their own.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayOnRecords, type RecordsGateway } from '@ust/gateway/testing';
import { facilityRecord, releaseRecord } from '@ust/schemas/testing';
import { rebuildDataset, type RegionDocument } from '@ust/workers';

const asOf = new Date('2025-01-01T00:00:00.000Z');

const facilities = [
  facilityRecord({ facility_id: 'DE-1', state: 'DE', fips: '10001', county: 'Kent', latitude: 39.158, longitude: -75.524 }),
  facilityRecord({ facility_id: 'DE-2', state: 'DE', fips: '10003', county: 'New Castle' }),
];
const releases = [releaseRecord({ release_id: 'DE-R1', state: 'DE', facility_id: 'DE-1', fips: '10001', status_class: 'Open', reported_date: '2010-05-01' })];

describe('GET /api/geojson-cached/{level}?geometry=none', () => {
  let platform: RecordsGateway;
  const get = (url: string, headers: Record<string, string> = {}) => platform.get(url, headers);

  beforeAll(async () => {
    platform = await startGatewayOnRecords('geojson-cached-test', { facilities, releases });
  });
  afterAll(() => platform?.close());

  it('answers 503 for either variant before the first build', async () => {
    for (const url of ['/api/geojson-cached/states', '/api/geojson-cached/counties?geometry=none']) {
      const response = await get(url);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('No dataset has been built yet');
    }
    await rebuildDataset({ ...platform.ports, log: platform.log, now: () => asOf }, { importId: null, jobId: 'geojson-cached-1' });
  });

  it('serves the same ids, properties and metadata with geometry null', async () => {
    for (const level of ['states', 'counties'] as const) {
      const full = (await get(`/api/geojson-cached/${level}`)).json() as RegionDocument;
      const response = await get(`/api/geojson-cached/${level}?filter_type=base&min_facility_count=1&geometry=none`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/geo+json');
      const none = response.json() as RegionDocument;
      expect(none.type).toBe('FeatureCollection');
      expect(none.metadata).toEqual(full.metadata);
      expect(none.features.map((feature) => feature.id)).toEqual(full.features.map((feature) => feature.id));
      expect(none.features.map((feature) => feature.properties)).toEqual(full.features.map((feature) => feature.properties));
      expect(none.features.every((feature) => feature.type === 'Feature' && feature.geometry === null && 'geometry' in feature)).toBe(true);
      expect(full.features.every((feature) => feature.geometry !== null)).toBe(true);
    }
    const kent = ((await get('/api/geojson-cached/counties?geometry=none')).json() as RegionDocument).features.find((feature) => feature.id === '10001');
    expect(kent).toMatchObject({
      type: 'Feature',
      id: '10001',
      geometry: null,
      properties: { NAME: 'Kent', total_facilities: 1, total_releases: 1, open_releases: 1 },
    });
  });

  it('keeps the full document the default, byte for byte', async () => {
    const byDefault = await get('/api/geojson-cached/counties', { 'accept-encoding': 'gzip' });
    const full = await get('/api/geojson-cached/counties?geometry=full', { 'accept-encoding': 'gzip' });
    expect(byDefault.rawPayload.equals(full.rawPayload)).toBe(true);
    expect(byDefault.headers.etag).toBe(full.headers.etag);
  });

  it('gives the variant its own ETag and 304 while it is current', async () => {
    const full = await get('/api/geojson-cached/counties', { 'accept-encoding': 'gzip' });
    const none = await get('/api/geojson-cached/counties?geometry=none', { 'accept-encoding': 'gzip' });
    expect(none.headers['content-encoding']).toBe('gzip');
    expect(none.headers['cache-control']).toBe('no-cache');
    expect(none.headers.vary).toBe('accept-encoding');
    const etag = none.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(etag).not.toBe(full.headers.etag);
    expect(JSON.parse(gunzipSync(none.rawPayload).toString('utf8')).features[0].geometry).toBeNull();

    const plain = await get('/api/geojson-cached/counties?geometry=none');
    expect(plain.headers.etag).toBe(`W/${etag}`);
    expect(gunzipSync(none.rawPayload).toString('utf8')).toBe(plain.body);

    expect((await get('/api/geojson-cached/counties?geometry=none', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/geojson-cached/counties?geometry=none', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    // One variant's ETag does not revalidate the other.
    expect((await get('/api/geojson-cached/counties?geometry=none', { 'if-none-match': full.headers.etag as string })).statusCode).toBe(200);
    expect((await get('/api/geojson-cached/counties', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers 400 naming querystring.geometry for another value', async () => {
    const response = await get('/api/geojson-cached/states?geometry=simplified');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'querystring.geometry', reason: 'must be equal to one of the allowed values' }]);
  });
});
