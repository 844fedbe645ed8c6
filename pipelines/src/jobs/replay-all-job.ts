/**
 * Replay from the beginning as a job: every committed import re-published from its stored
 * sources in version order, then one rebuild. Its replay record goes queued → reading → rebuilding
 * → live (or failed, naming the import that could not be read) with the records read against the
 * imports' recorded counts, so the CLI and the admin screen follow it as they follow an import.
 */
import type { Logger, Ports } from '@ust/platform';
import { listManifests, orderedSaver, progressWriter, queuedReplayRecord, readReplayRecord, writeReplayRecord, type ImportManifest } from '@ust/read-model';
import type { ReplayRun } from '@ust/schemas';
import { awaitRebuild } from '../import/await-rebuild.js';
import { republishAllImports } from '../import/replay-all.js';

interface ReplayAllDeps {
  ports: Ports;
  log: Logger;
}

const recordsOf = (manifest: ImportManifest) => {
  const counts = manifest.counts;
  return counts ? counts.facilities + counts.tanks + counts.releases + counts.rejects : 0;
};

export async function replayAll(deps: ReplayAllDeps, replayId: string): Promise<{ replayed: number }> {
  const current = (await readReplayRecord(deps.ports.store, replayId)) ?? queuedReplayRecord(replayId);
  const save = orderedSaver(current, (record) => writeReplayRecord(deps.ports.store, record));
  const progress = (changes: Partial<ReplayRun['progress']>) => save({ progress: { ...current.progress, ...changes } });
  const startedAt = Date.now();
  const manifests = await listManifests(deps.ports.store);
  await save({ status: 'reading', started_at: new Date(startedAt).toISOString(), imports_total: manifests.length });
  await progress({ total: manifests.reduce((sum, manifest) => sum + recordsOf(manifest), 0) });

  let before = 0;
  let started = 0;
  const writeProgress = progressWriter((records, rate) => progress({ records, records_per_second: rate }), startedAt);
  try {
    const results = await republishAllImports({
      events: deps.ports.events,
      store: deps.ports.store,
      log: deps.log,
      onImport: (manifest) => {
        // The imports before this one are replayed: it is only starting.
        void save({ imports_replayed: started });
        started += 1;
        return {
          onProgress: (tally) => writeProgress(before + tally.records + tally.counts.rejects),
          done: () => {
            before += recordsOf(manifest);
          },
        };
      },
    });
    await save({ status: 'rebuilding', imports_replayed: results.length });
    await progress({ records: before });
    const last = results.at(-1);
    if (last) await awaitRebuild(deps.ports.jobs, last.manifest);
    await save({ status: 'live', finished_at: new Date().toISOString() });
    return { replayed: results.length };
  } catch (error) {
    // An ImportFailedError's message names the import, the file and the line.
    await save({ status: 'failed', failure: error instanceof Error ? error.message : String(error), finished_at: new Date().toISOString() });
    throw error;
  }
}
