/**
 * Derived facility fields (TOTAL_TANK_COUNT ... PROTECTION_SCORE) from a facility's tanks and
 * releases. docs/data-model.md ('Derived fields') is the reference; keep both in step.
 */
import type { FacilitySummary, ReleaseRecord, TankRecord } from '@ust/schemas';
import { facilityProtectionScore, type ProtectionInputs } from './protection-score.js';

export type TankLike = Pick<TankRecord, 'tank_status' | 'installation_date' | 'capacity_gallons'> & ProtectionInputs;
export type ReleaseLike = Pick<ReleaseRecord, 'status_class'>;
/** leak_reported depends on the state's sources, not on the facility's rows: the rebuild sets it. */
export type FacilityDerivedFields = Omit<FacilitySummary, 'facility_id' | 'leak_reported'>;

/** Normalised tank statuses (schemas/src/dataset.ts). */
export const TANK_STATUS = {
  active: 'Currently in use',
  temporarilyOutOfService: 'Temporarily out of service',
  closed: 'Closed',
} as const;

const MS_PER_YEAR = 365.2425 * 24 * 60 * 60 * 1000;

/** Years from an ISO `YYYY-MM-DD` date to `asOf` (unrounded); null for a missing or bad date. */
export function yearsSince(isoDate: string | null, asOf: Date): number | null {
  if (isoDate === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // A date after asOf is a data error upstream; it counts as brand new rather than negative.
  return Math.max(0, (asOf.getTime() - time) / MS_PER_YEAR);
}

export const AGE_BANDS = ['0-9', '10-19', '20-29', '30-39', '40+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export function ageBand(ageYears: number): AgeBand {
  if (ageYears < 10) return '0-9';
  if (ageYears < 20) return '10-19';
  if (ageYears < 30) return '20-29';
  if (ageYears < 40) return '30-39';
  return '40+';
}

export const roundTo1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * The tanks the age and protection fields describe: the active ones when the facility has any,
 * otherwise all of them (a closed site still shows how old and how protected its tanks were).
 */
export function tanksInScope<Tank extends TankLike>(tanks: readonly Tank[]): { scope: 'active' | 'all'; tanks: Tank[] } {
  const active = tanks.filter((tank) => tank.tank_status === TANK_STATUS.active);
  return active.length > 0 ? { scope: 'active', tanks: active } : { scope: 'all', tanks: [...tanks] };
}

/** What AVG_TANK_AGE was computed over, so regions can average per tank rather than per facility. */
export interface TankAgeBasis {
  /** Tanks with a known installation date in scope. */
  count: number;
  /** Sum of their ages in years, unrounded. */
  sumYears: number;
}

export interface FacilityDerivation {
  summary: FacilityDerivedFields;
  ageBasis: TankAgeBasis;
}

export function deriveFacility(tanks: readonly TankLike[], releases: readonly ReleaseLike[], asOf: Date): FacilityDerivation {
  let active = 0;
  let temporarilyOutOfService = 0;
  let capacity = 0;
  for (const tank of tanks) {
    if (tank.tank_status === TANK_STATUS.active) {
      active += 1;
      capacity += tank.capacity_gallons ?? 0;
    } else if (tank.tank_status === TANK_STATUS.temporarilyOutOfService) {
      temporarilyOutOfService += 1;
    }
  }
  const scoped = tanksInScope(tanks).tanks;
  let count = 0;
  let sumYears = 0;
  let maxAge: number | null = null;
  let oldestYear: number | null = null;
  let newestYear: number | null = null;
  for (const tank of scoped) {
    const age = yearsSince(tank.installation_date, asOf);
    if (age === null) continue;
    count += 1;
    sumYears += age;
    maxAge = maxAge === null ? age : Math.max(maxAge, age);
    const year = Number(tank.installation_date!.slice(0, 4));
    oldestYear = oldestYear === null ? year : Math.min(oldestYear, year);
    newestYear = newestYear === null ? year : Math.max(newestYear, year);
  }
  const openReleases = releases.filter((release) => release.status_class === 'Open').length;
  return {
    summary: {
      total_tank_count: tanks.length,
      active_tank_count: active,
      inactive_tank_count: tanks.length - active,
      tos_tank_count: temporarilyOutOfService,
      avg_tank_age: count === 0 ? null : roundTo1(sumYears / count),
      max_tank_age: maxAge === null ? null : roundTo1(maxAge),
      oldest_tank_year: oldestYear,
      newest_tank_year: newestYear,
      total_capacity: capacity,
      protection_score: facilityProtectionScore(scoped),
      has_leak: releases.length > 0,
      total_leak_count: releases.length,
      open_leak_count: openReleases,
    },
    ageBasis: { count, sumYears },
  };
}

/** The derived fields of one facility as of `asOf` (ages depend on it). */
export function summarizeFacility(tanks: readonly TankLike[], releases: readonly ReleaseLike[], asOf: Date): FacilityDerivedFields {
  return deriveFacility(tanks, releases, asOf).summary;
}
