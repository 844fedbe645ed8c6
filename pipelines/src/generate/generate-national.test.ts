import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { loadCountyLocator } from '@ust/domain';
import { FacilityRecord, ReleaseRecord, TankRecord } from '@ust/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetItem, ImportContext } from '../dataset-item.js';
import { generateNationalDataset } from './generate-national.js';
import { plannedCounts } from './plan.js';

// typebox is a dependency of @ust/schemas, not of @ust/pipelines, so it is loaded from
// where the schemas resolve it: the same copy that built the schemas.
const typeboxValue = createRequire(import.meta.resolve('@ust/schemas')).resolve('typebox/value');
const { default: Value } = (await import(pathToFileURL(typeboxValue).href)) as { default: { Check(schema: unknown, value: unknown): boolean } };

const locator = loadCountyLocator();
const context: ImportContext = { importId: 'generated-test', version: 7, sourceRoot: '/nowhere', asOf: new Date('2025-01-01') };
const EXCLUDED = ['DC', 'DE', 'VT', 'IL'];
const options = { seed: 42, scale: 0.01, excludeStates: EXCLUDED, context, locator };

let items: DatasetItem[];
beforeAll(() => {
  items = [...generateNationalDataset(options)];
});

const facilities = () => items.flatMap((item) => (item.kind === 'facility' ? [item.record] : []));
const tanks = () => items.flatMap((item) => (item.kind === 'tank' ? [item.record] : []));
const releases = () => items.flatMap((item) => (item.kind === 'release' ? [item.record] : []));

describe('generateNationalDataset', () => {
  it('gives byte-identical records for the same seed, and different ones for another seed', () => {
    const again = [...generateNationalDataset(options)];
    expect(JSON.stringify(again)).toBe(JSON.stringify(items));
    const other = generateNationalDataset({ ...options, seed: 43 });
    const firstOther = [...take(other, 500)];
    expect(JSON.stringify(firstOther)).not.toBe(JSON.stringify(items.slice(0, 500)));
  });

  it('produces exactly the planned counts in every state', () => {
    const planned = plannedCounts(options);
    // States too small for one record at 1 % (American Samoa, the Marianas) are planned at zero.
    const actual: Record<string, { facilities: number; tanks: number; activeTanks: number; releases: number }> = {};
    for (const state of Object.keys(planned.byState)) actual[state] = { facilities: 0, tanks: 0, activeTanks: 0, releases: 0 };
    const of = (state: string) => actual[state]!;
    for (const item of items) {
      if (item.kind === 'facility') of(item.record.state).facilities++;
      if (item.kind === 'tank') {
        of(item.record.state).tanks++;
        if (item.record.tank_status !== 'Closed') of(item.record.state).activeTanks++;
      }
      if (item.kind === 'release') of(item.record.state).releases++;
    }
    expect(actual).toEqual(planned.byState);
    expect(facilities()).toHaveLength(planned.facilities);
    expect(tanks()).toHaveLength(planned.tanks);
    expect(releases()).toHaveLength(planned.releases);
  });

  it('validates every record against the dataset schemas, all marked generated', () => {
    const schemas = { facility: FacilityRecord, tank: TankRecord, release: ReleaseRecord } as const;
    for (const item of items) {
      expect(item.kind).not.toBe('reject');
      if (item.kind === 'reject') continue;
      if (!Value.Check(schemas[item.kind], item.record)) throw new Error(`invalid ${item.kind}: ${JSON.stringify(item.record)}`);
      expect(item.record).toMatchObject({ source: 'generated', source_line: 0, import_id: 'generated-test', version: 7 });
    }
    // Tens of thousands of schema checks: seconds on a busy 2-core machine, past vitest's 5 s default.
  }, 30_000);

  it('skips excluded states entirely and leaves the other states unchanged', () => {
    expect(items.some((item) => item.kind !== 'reject' && EXCLUDED.includes(item.record.state))).toBe(false);
    const withoutTexas = [...generateNationalDataset({ ...options, excludeStates: [...EXCLUDED, 'TX'] })];
    expect(withoutTexas.some((item) => item.kind !== 'reject' && item.record.state === 'TX')).toBe(false);
    const maine = (list: DatasetItem[]) => JSON.stringify(list.filter((item) => item.kind !== 'reject' && item.record.state === 'ME'));
    expect(maine(withoutTexas)).toBe(maine(items));
  });

  it('fills only what real records leave missing, and links no release to a facility it did not generate', () => {
    // Texas at scale 0.01: 526 facilities, 1,631 tanks, 272 releases (calibration.test.ts).
    const realCounts = { TX: { facilities: 526, tanks: 1_000, releases: 72 }, ME: { facilities: 0, tanks: 0, releases: 1_000 } };
    const filled = [...generateNationalDataset({ ...options, realCounts })].filter(
      (item) => item.kind !== 'reject' && ['TX', 'ME'].includes(item.record.state),
    );
    const texas = filled.filter((item) => item.kind !== 'reject' && item.record.state === 'TX');
    expect(texas.filter((item) => item.kind === 'facility')).toHaveLength(0);
    expect(texas.filter((item) => item.kind === 'tank')).toHaveLength(0);
    const texasReleases = texas.flatMap((item) => (item.kind === 'release' ? [item.record] : []));
    expect(texasReleases).toHaveLength(200);
    expect(texasReleases.every((release) => release.facility_id === null)).toBe(true);
    const maine = filled.filter((item) => item.kind !== 'reject' && item.record.state === 'ME');
    expect(maine.filter((item) => item.kind === 'release')).toHaveLength(0);
    expect(maine.filter((item) => item.kind === 'facility').length).toBe(plannedCounts(options).byState['ME']!.facilities);
  });

  it('places every facility and release inside the county its FIPS names, in its own state', () => {
    for (const record of [...facilities(), ...releases()]) {
      const county = locator.countyAt(record.latitude!, record.longitude!);
      expect(county, record.facility_id ?? '').not.toBeNull();
      expect(county!.fips).toBe(record.fips);
      expect(county!.state).toBe(record.state);
      expect(record.county).toBe(county!.name);
      expect(record.zip_code).toMatch(/^\d{5}$/);
    }
    expect(facilities().every((facility) => facility.mapping_method === 'point in county')).toBe(true);
  });

  it('streams each facility followed by its tanks, with synthetic ids, then the state releases', () => {
    let facility: FacilityRecord | undefined;
    let tankNumber = 0;
    let inReleasesOf: string | undefined;
    for (const item of items) {
      if (item.kind === 'facility') {
        expect(inReleasesOf).not.toBe(item.record.state);
        expect(item.record.facility_id).toMatch(new RegExp(`^GEN-${item.record.state}-\\d+$`));
        facility = item.record;
        tankNumber = 0;
      } else if (item.kind === 'tank') {
        tankNumber++;
        expect(item.record.tank_id).toBe(`${facility!.facility_id}/${tankNumber}`);
        expect(item.record.facility_id).toBe(facility!.facility_id);
      } else if (item.kind === 'release') {
        inReleasesOf = item.record.state;
        expect(item.record.release_id).toMatch(new RegExp(`^GEN-${item.record.state}-R\\d+$`));
      }
    }
  });

  it('keeps facility tank counts consistent with the tanks', () => {
    const byFacility = new Map<string, TankRecord[]>();
    for (const tank of tanks()) byFacility.set(tank.facility_id, [...(byFacility.get(tank.facility_id) ?? []), tank]);
    for (const facility of facilities()) {
      const own = byFacility.get(facility.facility_id) ?? [];
      expect(own.length).toBeGreaterThan(0);
      expect(facility.open_usts).toBe(own.filter((tank) => tank.tank_status === 'Currently in use').length);
      expect(facility.tos_usts).toBe(own.filter((tank) => tank.tank_status === 'Temporarily out of service').length);
      expect(facility.closed_usts).toBe(own.filter((tank) => tank.tank_status === 'Closed').length);
    }
  });

  it('links most releases to a generated facility of the same state, copying its place', () => {
    const byId = new Map(facilities().map((facility) => [facility.facility_id, facility]));
    const all = releases();
    const linked = all.filter((release) => release.facility_id !== null);
    expect(linked.length / all.length).toBeGreaterThan(0.85);
    for (const release of linked) {
      const facility = byId.get(release.facility_id!);
      expect(facility, release.release_id).toBeDefined();
      expect([release.name, release.latitude, release.longitude, release.fips]).toEqual([
        facility!.name,
        facility!.latitude,
        facility!.longitude,
        facility!.fips,
      ]);
    }
  });

  it('draws realistic values: years, capacities, statuses and release dates', () => {
    const year = (date: string | null) => Number(date!.slice(0, 4));
    const all = tanks();
    const closed = all.filter((tank) => tank.tank_status === 'Closed');
    const active = all.filter((tank) => tank.tank_status !== 'Closed');
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(closed.map((tank) => year(tank.installation_date)))).toBeGreaterThan(1975);
    expect(mean(closed.map((tank) => year(tank.installation_date)))).toBeLessThan(1990);
    expect(mean(active.map((tank) => year(tank.installation_date)))).toBeGreaterThan(1990);
    for (const tank of all) {
      expect(year(tank.installation_date)).toBeGreaterThanOrEqual(1950);
      expect(year(tank.installation_date)).toBeLessThanOrEqual(2024);
      expect(tank.capacity_gallons).toBeGreaterThanOrEqual(550);
      expect(tank.capacity_gallons).toBeLessThanOrEqual(20_000);
      if (tank.removal_date) expect(tank.removal_date > tank.installation_date!).toBe(true);
      expect(tank.removal_date === null).toBe(tank.tank_status !== 'Closed');
    }
    expect(new Set(all.map((tank) => tank.tank_wall_type))).toEqual(new Set(['Single wall', 'Double wall']));
    for (const release of releases()) {
      expect(year(release.reported_date)).toBeGreaterThanOrEqual(1985);
      expect(year(release.reported_date)).toBeLessThanOrEqual(2024);
      expect(release.status).toBe(release.status_class);
      expect(release.nfa_date === null).toBe(release.status === 'Open');
      if (release.nfa_date) expect(release.nfa_date > release.reported_date!).toBe(true);
    }
  });

  it('checks the scale before streaming', () => {
    expect(() => generateNationalDataset({ ...options, scale: -1 })).toThrow(RangeError);
  });
});

function* take<T>(iterable: Iterable<T>, count: number): Generator<T> {
  if (count <= 0) return;
  for (const item of iterable) {
    yield item;
    if (--count === 0) return;
  }
}
