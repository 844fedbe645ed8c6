/**
 * The address search on the real fixtures. Recall: for points across every fixture state, the
 * H3 index answers exactly what a scan of every facility and release answers (the same total
 * within 10 miles, the same 25 closest, the same closest release). Then POST /search-address as
 * a client calls it: geocoding, quotes, the closest release, and bad input.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles, MAX_SEARCH_RESULTS, SEARCH_RADIUS_MILES, SEARCH_TILE_RESOLUTION } from '@ust/domain';
import { createLogger, loadConfig, type Cache } from '@ust/platform';
import { foundItemJson, readCurrentVersion, SearchIndex, searchKeys } from '@ust/read-model';
import { searchResponseErrors } from '@ust/schemas';
import { startStandalone, type Standalone } from './start-standalone.js';
import { bearerFor } from './telemetry-probe.js';

const log = createLogger('search-recall', { level: 'silent' });

interface Located {
  id: string;
  state: string;
  latitude: number;
  longitude: number;
  /** Placed at a ZIP centroid or town centre: no distance under a mile is stated from it (docs/decisions/0110-located-by.md). */
  approximate: boolean;
}

describe('proximity search recall on the real fixtures', () => {
  let standalone: Standalone;
  let version: number;
  let facilities: Located[];
  let releases: Located[];
  /** Searches the standalone's cache, as the gateway's search route does. */
  let searchIndex: SearchIndex;

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-search-recall-'));
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'fixtures' }), log, listen: false });
    version = (await readCurrentVersion(standalone.ports.cache))!;
    searchIndex = new SearchIndex(standalone.ports.cache);
    const { store } = standalone.ports;
    facilities = await store.query<Located>(
      `SELECT facility_id AS id, state, latitude, longitude, located_by IN ('zip', 'place') AS approximate FROM facility_summary FINAL
       WHERE dataset_version = {version:UInt32} AND latitude IS NOT NULL AND longitude IS NOT NULL`,
      { version },
    );
    releases = await store.query<Located>(
      `SELECT release_id AS id, state, latitude, longitude, located_by IN ('zip', 'place') AS approximate FROM releases FINAL
       WHERE latitude IS NOT NULL AND longitude IS NOT NULL`,
    );
  }, 300_000);
  afterAll(() => standalone?.close());

  /**
   * The scan a search must agree with: distances to everything, closest first, and the distance
   * stated (at least a mile from an approximate point).
   */
  function scan(points: Located[], latitude: number, longitude: number) {
    return points
      .map((point) => {
        const miles = haversineMiles(latitude, longitude, point.latitude, point.longitude);
        return { id: point.id, miles, stated: Math.round((point.approximate ? Math.max(1, miles) : miles) * 100) / 100 };
      })
      .filter((point) => point.miles <= SEARCH_RADIUS_MILES)
      .sort((a, b) => a.miles - b.miles);
  }

  it('agrees with a brute-force scan at points across every fixture state', async () => {
    const states = [...new Set(facilities.map((facility) => facility.state))].sort();
    expect(states).toEqual(expect.arrayContaining(['DC', 'DE', 'IA', 'IL', 'VT']));
    let compared = 0;
    let withResults = 0;
    for (const state of states) {
      const inState = facilities.filter((facility) => facility.state === state);
      // Facility sites nudged off the site (about 0.4 miles), and points between two sites.
      const step = Math.max(1, Math.floor(inState.length / 40));
      const queries: Array<[number, number]> = [];
      for (let index = 0; index < inState.length; index += step) {
        const site = inState[index]!;
        const other = inState[(index * 7 + 3) % inState.length]!;
        queries.push([site.latitude + 0.004, site.longitude - 0.005], [(site.latitude + other.latitude) / 2, (site.longitude + other.longitude) / 2]);
      }
      for (const [latitude, longitude] of queries) {
        const found = await searchIndex.search(version, latitude, longitude);
        const result = {
          total_found: found.total_found,
          facilities: found.facilities.map((item) => JSON.parse(foundItemJson(item)) as { id: string; distance_miles: number }),
          closest_release: found.closest_release === null ? null : (JSON.parse(foundItemJson(found.closest_release)) as { distance_miles: number }),
        };
        const expected = scan(facilities, latitude, longitude);
        expect(result.total_found).toBe(expected.length);
        expect(result.facilities.map((facility) => facility.distance_miles)).toEqual(
          // The closest by true distance, in the order their distances are stated.
          expected
            .slice(0, MAX_SEARCH_RESULTS)
            .sort((a, b) => a.stated - b.stated)
            .map((point) => point.stated),
        );
        // Ids agree wherever distances do not tie.
        const cutoff = expected[Math.min(MAX_SEARCH_RESULTS, expected.length) - 1]?.miles ?? 0;
        const sure = expected.filter((point) => point.miles < cutoff - 1e-9).map((point) => point.id);
        expect(result.facilities.map((facility) => facility.id)).toEqual(expect.arrayContaining(sure));

        const nearestRelease = scan(releases, latitude, longitude)[0];
        expect(result.closest_release?.distance_miles ?? null).toBe(nearestRelease ? nearestRelease.stated : null);
        compared += 1;
        if (result.total_found > 0) withResults += 1;
      }
    }
    expect(compared).toBeGreaterThan(300);
    // Most points have facilities around them (midpoints of distant sites may not).
    expect(withResults).toBeGreaterThan(compared * 0.75);
  }, 300_000);

  /**
   * A view of the standalone's cache that notes the keys read, and says whether its reads share
   * the stored bytes (the embedded cache) or are copies (Redis); searched through an index of its own.
   */
  function notingCache(sharesStoredBytes: boolean) {
    const { cache } = standalone.ports;
    const read: string[] = [];
    const noting = Object.create(cache, { sharesStoredBytes: { value: sharesStoredBytes } }) as Cache;
    noting.getBuffer = async (key) => (read.push(key), cache.getBuffer(key));
    noting.getBuffers = async (keys) => (read.push(...keys), cache.getBuffers(keys));
    const tilePrefix = searchKeys.tile(version, SEARCH_TILE_RESOLUTION, '');
    const directory = searchKeys.tileDirectory(version, SEARCH_TILE_RESOLUTION);
    const boxLists = searchKeys.boxLists(version, SEARCH_TILE_RESOLUTION);
    return {
      index: new SearchIndex(noting),
      read,
      tileReads: () => read.filter((key) => key.startsWith(tilePrefix)).length,
      itemReads: () => read.filter((key) => !key.startsWith(tilePrefix) && key !== directory && key !== boxLists).length,
      boxListReads: () => read.filter((key) => key === boxLists).length,
    };
  }

  /** Searches near every 500th facility through `index` answer as through the cache itself. */
  async function expectSameAnswers(index: SearchIndex) {
    for (const facility of facilities.filter((_, position) => position % 500 === 0)) {
      const found = await index.search(version, facility.latitude + 0.003, facility.longitude);
      const expected = await searchIndex.search(version, facility.latitude + 0.003, facility.longitude);
      expect(found.facilities.map(foundItemJson)).toEqual(expected.facilities.map(foundItemJson));
      expect(found.total_found).toBe(expected.total_found);
      expect(found.closest_release && foundItemJson(found.closest_release)).toEqual(expected.closest_release && foundItemJson(expected.closest_release));
    }
  }

  it('reads every tile and items blob of the version ahead, once, from the embedded cache, so later searches read nothing and answer the same', async () => {
    const { index, read, tileReads, itemReads, boxListReads } = notingCache(true);
    const kept = await index.keepAllTiles(version)!;
    expect(kept.tiles).toBeGreaterThan(100);
    expect(kept.bytes).toBeGreaterThan(0);
    expect(tileReads()).toBe(kept.tiles);
    // A group per cell and tile: every items blob read, once per group that lists it.
    expect(kept.itemGroups).toBeGreaterThan(kept.tiles);
    expect(itemReads()).toBe(kept.itemGroups);
    // The tiles near every box around the fixtures' tiles, listed ahead by the rebuild (a block is 100 boxes) and read once.
    expect(boxListReads()).toBe(1);
    expect(kept.boxes).toBeGreaterThan(kept.tiles);
    expect(kept.boxes % 100).toBe(0);
    expect(kept.boxBytes).toBeGreaterThan(0);
    expect(index.keepAllTiles(version)).toBeNull();

    read.length = 0;
    await expectSameAnswers(index);
    expect(read).toEqual([]);
  });

  it('reads only the tiles ahead from a Redis cache (its blobs are copies), so later searches read only the items they find', async () => {
    const { index, read, tileReads, itemReads } = notingCache(false);
    const kept = await index.keepAllTiles(version)!;
    expect(tileReads()).toBe(kept.tiles);
    expect(kept.itemGroups).toBe(0);
    expect(itemReads()).toBe(0);

    read.length = 0;
    await expectSameAnswers(index);
    expect(itemReads()).toBeGreaterThan(0);
    expect(tileReads()).toBe(0);
  });

  describe('POST /api/search-address', () => {
    const search = async (payload: unknown, headers: Record<string, string> = {}) =>
      standalone.gateway.inject({
        method: 'POST',
        url: '/api/search-address',
        payload: payload as object,
        headers: { ...(await bearerFor(standalone, 'broker')), ...headers },
      });

    it('finds the facilities around a street address, with scores, indicative quotes and the closest release', async () => {
      const response = await search({ address: '1016 Bladensburg Rd NE, Washington DC 20002' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      expect(searchResponseErrors(body)).toEqual([]);
      expect(body.geocoding).toMatchObject({ success: true, match_type: 'address', original_address: '1016 Bladensburg Rd NE, Washington DC 20002' });
      expect(body.facilities.length).toBe(Math.min(25, body.total_found));
      expect(body.total_found).toBeGreaterThan(25);
      const distances = body.facilities.map((facility: { distance_miles: number }) => facility.distance_miles);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances.at(-1)).toBeLessThanOrEqual(10);
      const priced = body.facilities.find((facility: { pricing: { quotes: unknown[] } }) => facility.pricing.quotes.length > 0);
      expect(priced.pricing.quotes.length).toBeLessThanOrEqual(4);
      expect(priced.pricing.lowest_premium).toBe(priced.pricing.quotes[0].annual_premium);
      expect(body.pricing_note).toBe('Indicative estimate, not a binding offer');
      expect(body.closest_release).toMatchObject({
        state: 'DC',
        lust_id: expect.any(String),
        status_class: expect.stringMatching(/^(Open|No Further Action|Other)$/),
      });
      expect(body.closest_release.distance_miles).toBeLessThanOrEqual(10);
    });

    it('compresses an answer for a browser in one call: brotli or gzip with its length, the same JSON', async () => {
      const payload = { address: 'Picked suggestion', latitude: 38.90305719, longitude: -76.98186192 };
      const plain = await search(payload, { 'accept-encoding': 'identity' });
      expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
      for (const [acceptEncoding, encoding, decompress] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const compressed = await search(payload, { 'accept-encoding': acceptEncoding });
        expect(compressed.headers['content-encoding']).toBe(encoding);
        // A stream would have been sent chunked, without a length.
        expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
        expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(JSON.parse(decompress(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    });

    it('skips geocoding for the coordinates of a picked suggestion', async () => {
      const body = (await search({ address: 'Picked suggestion', latitude: 38.90305719, longitude: -76.98186192 })).json();
      expect(searchResponseErrors(body)).toEqual([]);
      expect(body.geocoding).toMatchObject({ success: true, latitude: 38.90305719, longitude: -76.98186192, match_type: null });
      expect(body.closest_release).toMatchObject({ lust_id: '2017018', distance_miles: 0 });
    });

    it('exports the results a search shows as CSV and GeoJSON: the same facilities in the same order, risk scores, the demo label', async () => {
      const located = { latitude: 38.90305719, longitude: -76.98186192 };
      const body = (await search({ address: 'Picked suggestion', ...located })).json() as {
        facilities: Array<{ id: string; risk_score: number | null; is_generated: boolean; latitude: number; longitude: number }>;
      };
      const headers = await bearerFor(standalone, 'broker');
      const query = `latitude=${located.latitude}&longitude=${located.longitude}`;
      const csv = await standalone.gateway.inject({ method: 'GET', url: `/api/search-address/export/csv?${query}`, headers });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="search-38.90306_-76.98186-v${version}.csv"`);
      expect(csv.body.startsWith('\uFEFFFacility ID,Name,')).toBe(true);
      const header = csv.body.slice(1).split('\r\n')[0]!.split(',');
      // Names and addresses hold no line end in the fixtures, so a line is a row.
      const rows = csv.body.slice(1).split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(body.facilities.length);
      const riskAt = header.indexOf('Risk Score');
      const generatedAt = header.indexOf('Generated Demo Record');
      expect(riskAt).toBeGreaterThan(0);
      for (const [index, facility] of body.facilities.entries()) {
        const cells = rows[index]!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
        expect(cells[0]).toBe(facility.id);
        expect(cells[riskAt]).toBe(facility.risk_score === null ? '' : String(facility.risk_score));
        expect(cells[generatedAt]).toBe(facility.is_generated ? 'Yes' : 'No');
      }
      const geojson = await standalone.gateway.inject({ method: 'GET', url: `/api/search-address/export/geojson?${query}`, headers });
      expect(geojson.headers['content-type']).toBe('application/geo+json; charset=utf-8');
      const collection = geojson.json() as { type: string; features: Array<{ id: string; geometry: { coordinates: number[] } }> };
      expect(collection.type).toBe('FeatureCollection');
      expect(collection.features.map((feature) => feature.id)).toEqual(body.facilities.map((facility) => facility.id));
      expect(collection.features[0]!.geometry.coordinates).toEqual([body.facilities[0]!.longitude, body.facilities[0]!.latitude]);
    });

    it('says what is wrong with the input', async () => {
      for (const address of ['', '   \t ']) {
        const empty = await search({ address });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().error).toMatchObject({ message: 'Please enter an address to search', details: [{ field: 'body.address', reason: 'is empty' }] });
      }
      const nowhere = await search({ address: 'qqqq zzzz xxyy' });
      expect(nowhere.statusCode).toBe(200);
      expect(nowhere.json()).toMatchObject({ facilities: [], total_found: 0, closest_release: null, geocoding: { success: false, latitude: null } });
      expect(nowhere.json().geocoding.message.length).toBeGreaterThan(10);
      expect((await search({ address: 'x'.repeat(5_000) })).statusCode).toBe(413);
      const half = await search({ address: 'Dover', latitude: 39.1 });
      expect(half.statusCode).toBe(400);
      expect(half.json().error.message).toBe('body.latitude and body.longitude go together: send both or neither');
    });
  });
});
