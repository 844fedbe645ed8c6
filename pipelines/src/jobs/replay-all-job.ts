/**
 * Replay from the beginning as a job: every committed import re-published from its stored
 * sources in version order, then one rebuild. Its replay record goes queued → reading → rebuilding
 * → live (or failed, naming the import that could not be read) with the records read against the
 * imports' recorded counts, so the CLI and the admin screen follow it as they follow an import.
 */
import type { Logger, Ports } from '@ust/platform';
import {
  attemptAt,
  beginAttempt,
  isFinalStatus,
  listManifests,
  orderedSaver,
  progressWriter,
  queuedReplayRecord,
  readReplayRecord,
  writeReplayRecord,
  type ImportManifest,
} from '@ust/read-model';
import { rebuildJobId, type ImportStatus, type ReplayRun } from '@ust/schemas';
import { awaitRebuild, awaitRebuildJob } from '../import/await-rebuild.js';
import { republishAllImports } from '../import/replay-all.js';
import type { RunImport } from '../import/run-import.js';

interface ReplayAllDeps {
  ports: Ports;
  log: Logger;
  runImport?: RunImport;
}

const recordsOf = (manifest: ImportManifest) => {
  const counts = manifest.counts;
  return counts ? counts.facilities + counts.tanks + counts.releases + counts.rejects : 0;
};

/**
 * A job taken up again after its process died resumes at the rebuild once every import is
 * re-published (its record names the rebuild it waits for), and otherwise replays from the
 * first import again: re-publishing an import writes the same rows.
 */
export async function replayAll(deps: ReplayAllDeps, replayId: string): Promise<{ replayed: number }> {
  const current = (await readReplayRecord(deps.ports.store, replayId)) ?? queuedReplayRecord(replayId);
  if (isFinalStatus(current.status)) return { replayed: current.imports_replayed };
  const save = orderedSaver(current, (record) => writeReplayRecord(deps.ports.store, record));
  const saveStep = (status: ImportStatus, changes: Partial<ReplayRun> = {}) => save({ ...changes, status, attempts: attemptAt(current.attempts, status) });
  const progress = (changes: Partial<ReplayRun['progress']>) => save({ progress: { ...current.progress, ...changes } });
  const resumeAtRebuild = current.status === 'rebuilding' && current.rebuild_job_id !== undefined;
  const step = resumeAtRebuild ? 'rebuilding' : 'reading';
  await save({
    status: step,
    attempts: beginAttempt(current.attempts, step, current.attempts.length ? step : null),
    started_at: current.started_at ?? new Date().toISOString(),
  });
  if (resumeAtRebuild) {
    try {
      await awaitRebuildJob(deps.ports.jobs, current.rebuild_job_id!);
      await saveStep('live', { finished_at: new Date().toISOString() });
      return { replayed: current.imports_replayed };
    } catch (error) {
      await saveStep('failed', { failure: error instanceof Error ? error.message : String(error), finished_at: new Date().toISOString() });
      throw error;
    }
  }
  const startedAt = Date.now();
  const manifests = await listManifests(deps.ports.store);
  await save({ imports_total: manifests.length, imports_replayed: 0 });
  await progress({ records: 0, total: manifests.reduce((sum, manifest) => sum + recordsOf(manifest), 0) });

  let before = 0;
  let started = 0;
  const writeProgress = progressWriter((records, rate) => progress({ records, records_per_second: rate }), startedAt);
  try {
    const results = await republishAllImports({
      events: deps.ports.events,
      store: deps.ports.store,
      log: deps.log,
      ...(deps.runImport ? { runImport: deps.runImport } : {}),
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
    const last = results.at(-1);
    await saveStep('rebuilding', {
      imports_replayed: results.length,
      ...(last ? { rebuild_job_id: rebuildJobId(last.manifest.import_id, last.manifest.committed_at) } : {}),
    });
    await progress({ records: before });
    if (last) await awaitRebuild(deps.ports.jobs, last.manifest);
    await saveStep('live', { finished_at: new Date().toISOString() });
    return { replayed: results.length };
  } catch (error) {
    // An ImportFailedError's message names the import, the file and the line.
    await saveStep('failed', { failure: error instanceof Error ? error.message : String(error), finished_at: new Date().toISOString() });
    throw error;
  }
}
