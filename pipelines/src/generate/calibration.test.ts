import { describe, expect, it } from 'vitest';
import { loadCalibration, NATIONAL_TARGETS, TANKS_PER_FACILITY } from './calibration.js';
import { plannedCounts } from './plan.js';

const calibration = loadCalibration();
const SYSTEMS = 534_282 + 1_989_238; // EPA active + closed UST systems, all 56 rows
const CONFIRMED = 575_999; // EPA confirmed releases, cumulative

describe('loadCalibration', () => {
  it('reads the 56 states and territories, spelling EPA CM as MP', () => {
    expect(calibration).toHaveLength(56);
    expect(calibration.map((row) => row.state)).toContain('MP');
    expect(calibration.map((row) => row.state)).not.toContain('CM');
  });

  it('derives Maine from its EPA row: 1,947 active and 14,917 closed systems, 3,411 releases, 38 open', () => {
    const maine = calibration.find((row) => row.state === 'ME')!;
    expect(maine).toMatchObject({ epaRegion: 1, activeSystems: 1_947, closedSystems: 14_917, confirmedReleases: 3_411, backlog: 38 });
    expect(maine.tanks).toBeCloseTo((16_864 * NATIONAL_TARGETS.tanks) / SYSTEMS, 6);
    expect(maine.facilities).toBeCloseTo(maine.tanks / TANKS_PER_FACILITY, 6);
    expect(maine.releases).toBeCloseTo((3_411 * NATIONAL_TARGETS.releases) / CONFIRMED, 6);
    expect(maine.activeShare).toBeCloseTo(1_947 / 16_864, 9);
    expect(maine.openShare).toBeCloseTo(38 / 3_411, 9);
  });

  it('lands Delaware near its real file (2,665 facilities, 8,986 tanks)', () => {
    const delaware = plannedCounts({ seed: 1, scale: 1, excludeStates: [] }).byState['DE']!;
    expect(delaware.facilities).toBe(2_643);
    expect(delaware.tanks).toBe(8_190);
  });
});

describe('plannedCounts', () => {
  it('sums to the national totals at scale 1, within rounding', () => {
    const planned = plannedCounts({ seed: 1, scale: 1, excludeStates: [] });
    expect(Math.abs(planned.facilities - NATIONAL_TARGETS.facilities)).toBeLessThanOrEqual(28);
    expect(Math.abs(planned.tanks - NATIONAL_TARGETS.tanks)).toBeLessThanOrEqual(28);
    expect(Math.abs(planned.releases - NATIONAL_TARGETS.releases)).toBeLessThanOrEqual(28);
    expect(Object.keys(planned.byState)).toHaveLength(56);
  });

  it('leaves excluded states out, in either case and either spelling of the Marianas', () => {
    const planned = plannedCounts({ seed: 1, scale: 1, excludeStates: ['dc', 'DE', 'CM'] });
    expect(Object.keys(planned.byState)).toHaveLength(53);
    expect(planned.byState['DE']).toBeUndefined();
    expect(planned.byState['MP']).toBeUndefined();
  });

  it('scales every state, and never plans fewer tanks than facilities', () => {
    const planned = plannedCounts({ seed: 1, scale: 0.01, excludeStates: [] });
    // Texas: 178,831 systems -> 163,106.6 tanks and 52,642.2 facilities at scale 1; 29,514
    // confirmed releases -> 27,197.6; active share 47,104 / 178,831.
    expect(planned.byState['TX']).toEqual({ facilities: 526, tanks: 1_631, activeTanks: 430, releases: 272 });
    for (const counts of Object.values(planned.byState)) expect(counts.tanks).toBeGreaterThanOrEqual(counts.facilities);
  });

  it('rejects a scale that is not a positive number', () => {
    expect(() => plannedCounts({ seed: 1, scale: 0, excludeStates: [] })).toThrow(RangeError);
    expect(() => plannedCounts({ seed: 1, scale: Number.NaN, excludeStates: [] })).toThrow(/scale/);
  });
});
