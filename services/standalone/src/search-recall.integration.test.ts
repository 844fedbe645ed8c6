/**
 * Recall of the proximity search on the real fixtures: for points across every fixture state,
 * the H3 index answers exactly what a scan of every facility and release answers (the same
 * total within 10 miles, the same 25 closest, the same closest release).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles, MAX_SEARCH_RESULTS, SEARCH_RADIUS_MILES } from '@ust/domain';
import { searchNearPoint } from '@ust/gateway';
import { createLogger, loadConfig } from '@ust/platform';
import { readCurrentVersion } from '@ust/workers';
import { startStandalone, type Standalone } from './start-standalone.js';

const log = createLogger('search-recall', { level: 'silent' });

interface Located {
  id: string;
  state: string;
  latitude: number;
  longitude: number;
}

describe('proximity search recall on the real fixtures', () => {
  let standalone: Standalone;
  let version: number;
  let facilities: Located[];
  let releases: Located[];

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-search-recall-'));
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'fixtures' }), log, listen: false });
    version = (await readCurrentVersion(standalone.ports.cache))!;
    const { store } = standalone.ports;
    facilities = await store.query<Located>(
      `SELECT facility_id AS id, state, latitude, longitude FROM facility_summary FINAL
       WHERE dataset_version = {version:UInt32} AND latitude IS NOT NULL AND longitude IS NOT NULL`,
      { version },
    );
    releases = await store.query<Located>('SELECT release_id AS id, state, latitude, longitude FROM releases FINAL WHERE latitude IS NOT NULL AND longitude IS NOT NULL');
  }, 300_000);
  afterAll(() => standalone?.close());

  /** The scan a search must agree with: distances to everything, closest first. */
  function scan(points: Located[], latitude: number, longitude: number) {
    return points
      .map((point) => ({ id: point.id, miles: haversineMiles(latitude, longitude, point.latitude, point.longitude) }))
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
        const result = await searchNearPoint(standalone.ports.cache, version, latitude, longitude);
        const expected = scan(facilities, latitude, longitude);
        expect(result.total_found).toBe(expected.length);
        expect(result.facilities.map((facility) => facility.distance_miles)).toEqual(expected.slice(0, MAX_SEARCH_RESULTS).map((point) => Math.round(point.miles * 100) / 100));
        // Ids agree wherever distances do not tie.
        const cutoff = expected[Math.min(MAX_SEARCH_RESULTS, expected.length) - 1]?.miles ?? 0;
        const sure = expected.filter((point) => point.miles < cutoff - 1e-9).map((point) => point.id);
        expect(result.facilities.map((facility) => facility.id)).toEqual(expect.arrayContaining(sure));

        const nearestRelease = scan(releases, latitude, longitude)[0];
        expect(result.closest_release?.distance_miles ?? null).toBe(nearestRelease ? Math.round(nearestRelease.miles * 100) / 100 : null);
        compared += 1;
        if (result.total_found > 0) withResults += 1;
      }
    }
    expect(compared).toBeGreaterThan(300);
    // Most points have facilities around them (midpoints of distant sites may not).
    expect(withResults).toBeGreaterThan(compared * 0.75);
  }, 300_000);
});
