/**
 * Replay from the beginning (docs/decisions/0018-replay.md and 0025-embedded-replay.md). On
 * Kafka the dataset writer's consumer group is reset to the earliest offsets, so the ingest
 * service re-reads every record the topics still hold (its group must be stopped: Kafka
 * refuses to move a live group). The in-process log keeps only a bounded window, so the
 * embedded form re-publishes every recorded import from its stored sources, in version order.
 * Both leave identical tables.
 */
import { ConsumerGroups } from '@ust/schemas';
import type { AnalyticsStore, EventLog, Logger } from '@ust/platform';
import { listManifests, type ImportManifest } from '@ust/read-model';
import { RECORD_TOPICS } from '../publish/dataset-topics.js';
import { runImport, type ImportOutcome, type RunImport, type TallyCounts } from './run-import.js';

export async function resetDatasetWriterToEarliest(events: EventLog): Promise<void> {
  for (const topic of RECORD_TOPICS) await events.resetOffsets(ConsumerGroups.datasetWriter, topic, 'earliest');
}

export interface ReplayAllDeps {
  events: EventLog;
  store: AnalyticsStore;
  log: Logger;
  onImport?: (manifest: ImportManifest) => { onProgress?: (tally: TallyCounts) => void; done?: () => void };
  /** @defaultValue runImport, on this thread */
  runImport?: RunImport;
}

/** Re-publishes every committed import under its own id and version; returns their results. */
export async function republishAllImports(deps: ReplayAllDeps): Promise<ImportOutcome[]> {
  const results: ImportOutcome[] = [];
  const run = deps.runImport ?? runImport;
  for (const manifest of await listManifests(deps.store)) {
    const hooks = deps.onImport?.(manifest) ?? {};
    try {
      results.push(await run(manifest.plan, { events: deps.events, store: deps.store, log: deps.log, onProgress: hooks.onProgress }, manifest));
    } finally {
      hooks.done?.();
    }
  }
  return results;
}
