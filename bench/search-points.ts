/**
 * The query points of the search benchmarks (bench/search-address.ts, bench/search-step.ts):
 * 100 in the ten busiest counties, 100 in counties with at most 20 facilities, drawn with a
 * fixed seed from the located facilities of a built data directory, so every run and every
 * engine searches the same points.
 */
import path from 'node:path';
import { haversineMiles } from '@ust/domain';
import { createChdbStore, type Config } from '@ust/platform';

export interface Site {
  id: string;
  fips: string | null;
  latitude: number;
  longitude: number;
}

export interface QueryPoint {
  kind: 'dense' | 'rural';
  latitude: number;
  longitude: number;
}

/** Located facilities and releases of the data directory (opens chDB, so before the platform starts). */
export async function readSites(config: Config): Promise<{ sites: Site[]; releaseSites: Site[] }> {
  const store = await createChdbStore({ path: path.join(config.dataDir, 'clickhouse'), database: config.CLICKHOUSE_DATABASE });
  try {
    // Ordered, so the same data directory always gives the same points.
    const sites = await store.query<Site>(
      'SELECT facility_id AS id, fips, latitude, longitude FROM facilities FINAL WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY facility_id',
    );
    const releaseSites = await store.query<Site>(
      'SELECT release_id AS id, fips, latitude, longitude FROM releases FINAL WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY release_id',
    );
    return { sites, releaseSites };
  } finally {
    await store.close();
  }
}

export function queryPoints(sites: readonly Site[]): QueryPoint[] {
  return pointsOf(sites).measured;
}

/**
 * Points to search before measuring, so no engine's first measured search is its process's
 * first search at all (the platform's JavaScript is compiled by V8 as it runs): one in each of
 * the next busiest counties, none within 30 miles of a measured point, so they read none of the
 * index a measured point reads.
 */
export function warmUpPoints(sites: readonly Site[], count = 100): QueryPoint[] {
  const { measured, counties, random } = pointsOf(sites);
  const points: QueryPoint[] = [];
  for (const county of counties.slice(10)) {
    if (points.length >= count) break;
    const site = county[Math.floor(random() * county.length)]!;
    if (measured.some((point) => haversineMiles(point.latitude, point.longitude, site.latitude, site.longitude) < 30)) continue;
    points.push({ kind: county.length > 20 ? 'dense' : 'rural', latitude: site.latitude, longitude: site.longitude });
  }
  return points;
}

function pointsOf(sites: readonly Site[]) {
  const byCounty = new Map<string, Site[]>();
  for (const site of sites) {
    if (!site.fips) continue;
    const list = byCounty.get(site.fips);
    if (list) list.push(site);
    else byCounty.set(site.fips, [site]);
  }
  const counties = [...byCounty.values()].sort((a, b) => b.length - a.length);
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const jitter = (site: Site): [number, number] => [site.latitude + (random() - 0.5) * 0.02, site.longitude + (random() - 0.5) * 0.02];
  const dense = Array.from({ length: 100 }, (_, index) => jitter(counties[index % 10]![Math.floor(random() * counties[index % 10]!.length)]!));
  const sparse = counties.filter((list) => list.length <= 20);
  const rural = Array.from({ length: 100 }, () => jitter(sparse[Math.floor(random() * sparse.length)]![0]!));
  const measured: QueryPoint[] = [
    ...dense.map(([latitude, longitude]) => ({ kind: 'dense' as const, latitude, longitude })),
    ...rural.map(([latitude, longitude]) => ({ kind: 'rural' as const, latitude, longitude })),
  ];
  return { measured, counties, random };
}
