/**
 * A facility as it was known at an as-of date T: the tanks in service at T and the releases
 * reported by T, each with the status it had then. Nothing dated after T reaches a score at T;
 * the outcome is whether a release was reported in (T, T + horizon].
 *
 * The records hold today's state, so the past is rebuilt from their dates: a tank was in service
 * at T when it was installed by T and not yet removed (a tank closed without a removal date
 * cannot be placed and is left out, as is one without an installation date); a release was open
 * at T unless its no-further-action date came by T. Tank status and receptors have no history:
 * a tank in service at T counts as in use, and receptors are today's.
 */
import { TANK_STATUS, type RiskInput, type RiskRelease, type RiskTank } from '@ust/domain';
import type { ReleaseRecord, TankRecord } from '@ust/schemas';
import type { FacilityHistory } from './facility-histories.js';

/** ISO date (YYYY-MM-DD) of an instant, to compare with the records' dates. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The date `years` after `date` (same month and day). */
export function yearsAfter(date: Date, years: number): Date {
  const later = new Date(date.getTime());
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

/** Whether the tank was in service at `day`: null when its dates cannot say. */
export function inServiceAt(tank: TankRecord, day: string): boolean | null {
  if (tank.installation_date === null) return null;
  if (tank.installation_date > day) return false;
  if (tank.removal_date !== null) return tank.removal_date > day;
  return tank.tank_status === TANK_STATUS.closed ? null : true;
}

export interface FacilityAtDate {
  /** The risk model's input as it was known at T. */
  input: RiskInput;
  /** Tanks in service at T. */
  tanksInService: number;
  /** Releases reported by T. */
  priorReleases: number;
  /** Tanks whose dates cannot place them at T (left out of the input). */
  tanksUndated: number;
  /** Releases without a reported date: they can be placed neither before nor after T. */
  releasesUndated: number;
}

export function facilityAt(history: FacilityHistory, asOf: Date): FacilityAtDate {
  const day = isoDay(asOf);
  const tanks: RiskTank[] = [];
  let tanksUndated = 0;
  for (const tank of history.tanks) {
    const inService = inServiceAt(tank, day);
    if (inService === null) tanksUndated += 1;
    else if (inService) tanks.push({ ...tank, tank_status: TANK_STATUS.active });
  }
  const releases = history.releases
    .filter((release) => release.reported_date !== null && release.reported_date <= day)
    .map((release) => releaseAt(release, day));
  return {
    input: { tanks, releases, receptors: history.receptors, asOf },
    tanksInService: tanks.length,
    priorReleases: releases.length,
    tanksUndated,
    releasesUndated: history.releases.filter((release) => release.reported_date === null).length,
  };
}

/** The release as it stood at `day`: open until its no-further-action date. */
function releaseAt(release: ReleaseRecord, day: string): RiskRelease {
  const closedBy = release.nfa_date !== null && release.nfa_date <= day;
  if (closedBy)
    return {
      status_class: 'No Further Action',
      reported_date: release.reported_date,
      closed_with_residual_contamination: release.closed_with_residual_contamination,
    };
  return {
    status_class: release.status_class === 'Other' && release.nfa_date === null ? 'Other' : 'Open',
    reported_date: release.reported_date,
    closed_with_residual_contamination: null,
  };
}

/** Whether a release of the facility was reported in (asOf, asOf + years]. */
export function releaseWithin(history: FacilityHistory, asOf: Date, years: number): boolean {
  const from = isoDay(asOf);
  const to = isoDay(yearsAfter(asOf, years));
  return history.releases.some((release) => release.reported_date !== null && release.reported_date > from && release.reported_date <= to);
}
