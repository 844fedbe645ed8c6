/**
 * Releases of one state. Most belong to a generated facility of the state (and share its
 * name, address and place); the rest have a place of their own, as the state files do for
 * releases at sites without registered tanks. Releases concentrate on a minority of
 * facilities: about 45 % of facilities are 'leak-prone' and receive them, which leaves about
 * a third of all facilities with at least one release (UST Finder: 33.44 %).
 */
import { normalYear, randomDateIn, LAST_YEAR } from './dates.js';
import { mixSeed, Random } from './random.js';
import type { ReleaseDraw } from './records.js';
import { facilitySite, type StatePlacer } from './sites.js';
import { LAND_USES, RELEASE_SUBSTANCES } from './vocabulary.js';

const LINKED_TO_FACILITY = 0.9;
const LEAK_PRONE = 0.45;
const LEAK_PRONE_SALT = 0x5eed1eaf;
const RESIDUAL_CONTAMINATION = 0.08;
/** Names for releases at sites without registered tanks (after the place name). */
const UNREGISTERED_SITES = ['Former Service Station', 'Residence', 'Garage', 'Former Bulk Plant'] as const;

export interface StateReleases {
  state: string;
  epaRegion: number;
  stateSeed: number;
  placer: StatePlacer;
  /** Facilities generated in the state (numbered 1..facilities). */
  facilities: number;
}

/** What is left to generate in one state. */
export interface ReleaseBudget {
  releases: number;
  open: number;
}

function isLeakProne(stateSeed: number, facility: number): boolean {
  return mixSeed(stateSeed ^ LEAK_PRONE_SALT, facility) / 4_294_967_296 < LEAK_PRONE;
}

/** A leak-prone facility (rejection sampling, about 1 / LEAK_PRONE draws), or null for a release of its own. */
function linkedFacility(random: Random, state: StateReleases): number | null {
  if (state.facilities === 0 || !random.chance(LINKED_TO_FACILITY)) return null;
  let facility = random.int(1, state.facilities);
  for (let attempt = 0; attempt < 32 && !isLeakProne(state.stateSeed, facility); attempt++) facility = random.int(1, state.facilities);
  return facility;
}

export function drawRelease(random: Random, state: StateReleases, budget: ReleaseBudget, n: number): ReleaseDraw {
  // Sampling without replacement: the state ends with exactly its planned open releases.
  const open = random.chance(budget.open / budget.releases);
  budget.releases--;
  if (open) budget.open--;
  // Open cases skew recent; closed ones were mostly reported in the late 1980s and 1990s.
  const reported = open ? normalYear(random, 2004, 11, 1985, LAST_YEAR) : normalYear(random, 1995, 7, 1985, LAST_YEAR - 2);
  const nfaYear = open ? null : Math.min(LAST_YEAR, reported + 1 + random.geometric(3));
  const reportedDate = randomDateIn(reported, random);
  const nfaDate = nfaYear === null ? null : randomDateIn(nfaYear, random);
  const substance = RELEASE_SUBSTANCES.sample(random);
  const residualContamination = open ? null : random.chance(RESIDUAL_CONTAMINATION);
  const facility = linkedFacility(random, state);
  // Objects written out in full, not spread: spreading costs more than the rest of a release.
  if (facility !== null) {
    const site = facilitySite(state.placer, state.stateSeed, facility);
    const facilityId = `GEN-${state.state}-${facility}`;
    return {
      n,
      state: state.state,
      epaRegion: state.epaRegion,
      facilityId,
      name: site.name,
      address: site.address,
      place: site,
      receptors: site,
      open,
      reportedDate,
      nfaDate,
      substance,
      residualContamination,
    };
  }
  const place = state.placer.place(random);
  const name = `${place.city ?? place.county} ${random.pick(UNREGISTERED_SITES)}`;
  const receptors = {
    population: Math.min(40_000, Math.round(Math.exp(6 + 1.2 * random.normal()))),
    privateWells: random.chance(0.55) ? 0 : 1 + random.geometric(6),
    landUse: LAND_USES.sample(random),
    withinSpa: random.chance(0.45),
    withinWhpa: random.chance(0.12),
    withinFloodplain: random.chance(0.07),
    waterType: random.chance(0.6) ? 'GW' : 'SW',
  };
  return {
    n,
    state: state.state,
    epaRegion: state.epaRegion,
    facilityId: null,
    name,
    address: null,
    place,
    receptors,
    open,
    reportedDate,
    nfaDate,
    substance,
    residualContamination,
  };
}
