/**
 * GET /api/h3-density served from the workers' stored documents: counts that add up to the
 * located facilities at every resolution, the cell of a known site, the ETag round trip, and
 * the answers before a build and for a resolution that is not built.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellCentre, densityCellOf } from '@ust/domain';
import { H3_DENSITY_RESOLUTIONS, type H3DensityDocument } from '@ust/schemas';
import { startGatewayOnRecords, type RecordsGateway } from '@ust/gateway/testing';
import { facilityRecord } from '@ust/schemas/testing';
import { rebuildDataset } from '@ust/workers';

const asOf = new Date('2025-01-01T00:00:00.000Z');

// Two sites at the same Dover address, one 3 km east, one in Wilmington, one in Iowa, and two
// without coordinates (not counted).
const located: Array<[id: string, state: string, latitude: number, longitude: number]> = [
  ['DE-1', 'DE', 39.158, -75.524],
  ['DE-2', 'DE', 39.158, -75.524],
  ['DE-3', 'DE', 39.16, -75.49],
  ['DE-4', 'DE', 39.7391, -75.5398],
  ['IA-1', 'IA', 41.5868, -93.625],
];
const facilities = [
  ...located.map(([facility_id, state, latitude, longitude]) => facilityRecord({ facility_id, state, latitude, longitude })),
  facilityRecord({ facility_id: 'DE-5', state: 'DE', fips: '10001' }),
  facilityRecord({ facility_id: 'VT-1', state: 'VT' }),
];

/** The cell of the Dover sites per resolution (h3-js 4), and how many of the sites it holds. */
const doverCells = {
  4: { cell: '842aad5ffffffff', count: 3 },
  5: { cell: '852aad57fffffff', count: 3 },
  6: { cell: '862aad557ffffff', count: 3 },
  7: { cell: '872aad550ffffff', count: 2 },
} as const;

describe('GET /api/h3-density', () => {
  let platform: RecordsGateway;
  let version: number;
  const get = (url: string, headers: Record<string, string> = {}) => platform.get(url, headers);
  const density = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return response.json() as H3DensityDocument;
  };

  beforeAll(async () => {
    platform = await startGatewayOnRecords('h3-density-test', { facilities });
  });
  afterAll(() => platform?.close());

  it('answers 503 before the first build', async () => {
    const response = await get('/api/h3-density?res=5');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'UNAVAILABLE', message: 'No dataset has been built yet' });
    version = (await rebuildDataset({ ...platform.ports, log: platform.log, now: () => asOf }, { importId: null, jobId: 'h3-density-1' })).version;
  });

  it('counts every located facility once per resolution, in the cell that holds it', async () => {
    const [row] = await platform.ports.store.query<{ facilities: number }>(
      'SELECT toUInt32(count()) AS facilities FROM facility_summary FINAL WHERE dataset_version = {v:UInt32} AND latitude IS NOT NULL AND longitude IS NOT NULL',
      { v: version },
    );
    expect(row?.facilities).toBe(located.length);
    for (const resolution of H3_DENSITY_RESOLUTIONS) {
      const document = await density(`/api/h3-density?res=${resolution}`);
      expect(document).toMatchObject({
        dataset_version: version,
        generated_at: '2025-01-01T00:00:00.000Z',
        resolution,
        facility_count: located.length,
        cell_count: document.cells.length,
      });
      expect(document.cells.reduce((sum, [, , , count]) => sum + count, 0)).toBe(located.length);
      expect(document.max_count).toBe(Math.max(...document.cells.map(([, , , count]) => count)));

      // Dover's cell holds both Dover sites, and the one 3 km east except at resolution 7.
      const dover = doverCells[resolution];
      expect(densityCellOf(39.158, -75.524, resolution)).toBe(dover.cell);
      const [latitude, longitude] = cellCentre(dover.cell);
      expect(document.cells.find(([h3]) => h3 === dover.cell)).toEqual([
        dover.cell,
        Math.round(longitude * 1e5) / 1e5,
        Math.round(latitude * 1e5) / 1e5,
        dover.count,
      ]);
    }
    expect((await density('/api/h3-density?res=4')).max_count).toBe(3);
    expect((await density('/api/h3-density?res=7')).cells.map(([, , , count]) => count).sort()).toEqual([1, 1, 1, 2]);
  });

  it('serves resolution 5 without res', async () => {
    expect(await density('/api/h3-density')).toEqual(await density('/api/h3-density?res=5'));
  });

  it('sends the stored gzip bytes with a strong ETag, 304 while it is current', async () => {
    const plain = await get('/api/h3-density?res=6');
    const response = await get('/api/h3-density?res=6', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.body);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(plain.headers.etag).toBe(`W/${etag}`);

    for (const presented of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await get('/api/h3-density?res=6', { 'if-none-match': presented, 'accept-encoding': 'gzip' });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
    }
    // Each resolution is its own document with its own ETag.
    expect((await get('/api/h3-density?res=7', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers 400 naming querystring.res for a resolution that is not built', async () => {
    for (const res of ['8', '3', 'five', '5.5']) {
      const response = await get(`/api/h3-density?res=${res}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details[0].field).toBe('querystring.res');
    }
    expect((await get('/api/h3-density?res=8')).json().error.message).toBe('querystring.res must be <= 7');
  });

  it('answers 401 without a token', async () => {
    const response = await platform.gateway.inject({ method: 'GET', url: '/api/h3-density?res=5' });
    expect(response.statusCode).toBe(401);
  });
});
