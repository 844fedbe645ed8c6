/**
 * Whether a rebuild derives every document again or only those of the states imported since the
 * live version (docs/decisions/0116-rebuild-what-an-import-touched.md). A facility's derived data
 * depends on its own state's records only (its tanks, its releases, its state's release
 * coverage), so the states no import touched keep the live version's documents, copied.
 */
import { STATE_CODES, type AnyRiskModel } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { datasetKeys, DERIVED_DATA_FORMAT, readDatasetMeta, type DatasetBuildMeta } from '@ust/read-model';
import { getImportsCommittedSince, getImportsWatermark, type ImportsWatermark } from '../queries/dataset/get-imports-watermark.js';
import type { SummaryTally } from './facility-summaries.js';

/**
 * A version rebuilt in part keeps the ages and scores of the states it copies as of the build it
 * copies them from. Past a week, ages (fractional years) have moved enough to show: rebuild all.
 */
export const MAX_COPIED_AGE_MS = 7 * 24 * 3_600_000;

const KNOWN_STATES = new Set(Object.values(STATE_CODES).map(({ code }) => code));

/** The states a version derives again, and the version it continues for every other state. */
export interface RebuiltStates {
  base: number;
  states: readonly string[];
}

/**
 * A per-state record of a version derived in part: the base's entries of the other states, and
 * the derived states' as they are now, in state order (as a full build writes them).
 */
export function withStatesReplaced<T>(base: Record<string, T>, rebuilt: RebuiltStates, now: Record<string, T>): Record<string, T> {
  const merged: Record<string, T> = { ...now };
  for (const [state, entry] of Object.entries(base)) if (!rebuilt.states.includes(state)) merged[state] = entry;
  return Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((state) => [state, merged[state]!]),
  );
}

export type RebuildPlan =
  | { kind: 'full'; reason: string; watermark: ImportsWatermark }
  | {
      kind: 'states';
      /** The live version every other state is copied from. */
      base: number;
      /** The states to derive again, in code order. */
      states: string[];
      /** Ages and scores of the whole version are as of this instant, the base's. */
      asOf: Date;
      /** The base's summary counts by state. */
      tallies: Record<string, SummaryTally>;
      watermark: ImportsWatermark;
      reason: string;
    };

export interface PlanInputs {
  /** The import whose commit triggered the rebuild; null for a rebuild by hand, which rebuilds everything. */
  importId: string | null;
  riskModel: AnyRiskModel;
  now: Date;
}

export async function planRebuild(store: AnalyticsStore, cache: Cache, inputs: PlanInputs): Promise<RebuildPlan> {
  // First, before any record is read: every import it counts is in the live tables already.
  const watermark = await getImportsWatermark(store);
  const full = (reason: string): RebuildPlan => ({ kind: 'full', reason, watermark });
  if (inputs.importId === null) return full('a rebuild by hand derives everything');
  const base = await readDatasetMeta(cache);
  if (!base) return full('no version is live');
  const refusal = copyRefusal(base, inputs);
  if (refusal) return full(refusal);
  const tallies = await cache.get(datasetKeys.summaryTallies(base.dataset_version));
  if (tallies === null) return full(`v${base.dataset_version} has no summary counts by state`);
  const { since, atOrBefore } = await getImportsCommittedSince(store, base.imports_through!);
  if (atOrBefore !== base.imports_through!.imports) {
    return full(`the imports committed by v${base.dataset_version}'s were ${base.imports_through!.imports}, now ${atOrBefore}`);
  }
  const states = new Set<string>();
  for (const committed of since) {
    if (committed.states.length === 0) return full(`import ${committed.import_id} did not record its states`);
    for (const state of committed.states) {
      if (!KNOWN_STATES.has(state)) return full(`import ${committed.import_id} carries ${state}, not a state`);
      states.add(state);
    }
  }
  if (states.size === 0) return full(`no import was committed since v${base.dataset_version}`);
  const baseTallies = JSON.parse(tallies) as Record<string, SummaryTally>;
  const held = Object.keys(baseTallies).length;
  // Deriving most states in part reads as much as deriving them all, and copies besides.
  if (states.size * 2 > held) return full(`the imports since v${base.dataset_version} carry ${states.size} states, of the ${held} it holds`);
  return {
    kind: 'states',
    base: base.dataset_version,
    states: [...states].sort(),
    asOf: new Date(base.ages_as_of!),
    tallies: baseTallies,
    watermark,
    reason: `${since.length} import${since.length === 1 ? '' : 's'} since v${base.dataset_version}`,
  };
}

/** Why the live version's documents cannot be copied into the next one, or null. */
export function copyRefusal(base: DatasetBuildMeta, inputs: PlanInputs): string | null {
  const version = `v${base.dataset_version}`;
  if (base.format !== DERIVED_DATA_FORMAT)
    return `${version} was built in derived-data format ${base.format ?? 'unknown'}, this build writes ${DERIVED_DATA_FORMAT}`;
  if (base.risk_model !== inputs.riskModel.version)
    return `${version} was scored with ${base.risk_model ?? 'risk-v1'}, this build scores with ${inputs.riskModel.version}`;
  if (!base.imports_through || !base.ages_as_of) return `${version} does not record which imports it holds`;
  if (inputs.now.getTime() - Date.parse(base.ages_as_of) > MAX_COPIED_AGE_MS) return `${version}'s ages are as of ${base.ages_as_of}, over a week ago`;
  return null;
}
