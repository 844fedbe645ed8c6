/**
 * The calibrated national demo dataset: for every state, what its real records leave missing
 * (fill.ts): facilities (each followed by its tanks), then the state's releases. Streaming: memory stays flat whatever the
 * scale, because a facility's site is recomputed from its number when a release needs it.
 *
 * Determinism: every state draws from streams seeded by (seed, state), and a facility's site
 * from (seed, state, number), so the same seed and options give byte-identical records, and
 * excluding a state does not change the others. Dates end in 2024, not at today's date.
 * Counts per state are exactly those of plannedCounts (see plan.ts and calibration.ts).
 */
import type { CountyLocator } from '@ust/domain';
import type { DatasetItem } from '../dataset-item.js';
import { LAST_YEAR, randomDateIn } from './dates.js';
import type { GenerateOptions } from './options.js';
import { planStates, type StatePlan } from './plan.js';
import { generatedProvenance, type Provenance } from './provenance.js';
import { hashSeed, Random } from './random.js';
import { facilityRecord, releaseRecord } from './records.js';
import { drawRelease } from './releases.js';
import { facilitySite, StatePlacer } from './sites.js';
import { drawTanks } from './tanks.js';

/** Checks the options now (a bad scale throws here, not at the first record), then streams. */
export function generateNationalDataset(options: GenerateOptions): Iterable<DatasetItem> {
  const plans = planStates(options);
  const provenance = generatedProvenance(options.context);
  return (function* () {
    for (const plan of plans) yield* generateState(plan, options.seed, options.locator, provenance);
  })();
}

function* generateState(plan: StatePlan, seed: number, locator: CountyLocator, provenance: Provenance): Generator<DatasetItem> {
  if (plan.facilities === 0 && plan.releases === 0) return;
  const { state } = plan;
  const epaRegion = plan.calibration.epaRegion;
  const stateSeed = hashSeed('ust-generated-v1', seed, state);
  const placer = new StatePlacer(locator, state);

  const random = new Random(hashSeed(stateSeed, 'tanks'));
  const tankBudget = { facilities: plan.facilities, tanks: plan.tanks, activeTanks: plan.activeTanks };
  for (let n = 1; n <= plan.facilities; n++) {
    const facilityId = `GEN-${state}-${n}`;
    const site = facilitySite(placer, stateSeed, n);
    const tanks = drawTanks(random, tankBudget, facilityId, state, provenance);
    // Facilities with tanks in service are inspected at least every three years.
    const lastInspection = tanks.inUse + tanks.outOfService > 0 ? randomDateIn(random.int(LAST_YEAR - 4, LAST_YEAR), random) : null;
    yield { kind: 'facility', record: facilityRecord({ facilityId, n, state, epaRegion, site, tanks, lastInspection }, provenance) };
    for (const tank of tanks.tanks) yield { kind: 'tank', record: tank };
  }

  const releaseRandom = new Random(hashSeed(stateSeed, 'releases'));
  const releaseBudget = { releases: plan.releases, open: plan.openReleases };
  const releases = { state, epaRegion, stateSeed, placer, facilities: plan.facilities };
  for (let n = 1; n <= plan.releases; n++) {
    yield { kind: 'release', record: releaseRecord(drawRelease(releaseRandom, releases, releaseBudget, n), provenance) };
  }
}
