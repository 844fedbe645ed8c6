/**
 * One import: read files (or generate), publish every record to the dataset topics, write the
 * rejects report, then publish the commit that tells ingest to promote the staged records and
 * the workers to rebuild. Returns the counts for the summary table. An import that cannot be
 * read to its end publishes a failure instead (ingest drops what it staged) and throws an
 * ImportFailedError saying which file and line and what was wrong.
 */
import path from 'node:path';
import { Topics, type ImportCommitted, type ImportFailed } from '@ust/schemas';
import { failpoint, FAILPOINTS, type AnalyticsStore, type EventLog, type Logger } from '@ust/platform';
import { importRejectsWriter, newImportId, writeManifest, type ImportManifest, type ImportPlan } from '@ust/read-model';
import { loadCountyLocator } from '@ust/domain';
import type { DatasetItem, ImportContext } from '../dataset-item.js';
import { readSources } from '../read/index.js';
import { generatedTablesByState, generateNationalDataset } from '../generate/index.js';
import { publishItems } from '../publish/publish-items.js';
import { RECORD_TOPICS } from '../publish/dataset-topics.js';
import { ImportTally } from '../read/tally.js';
import { SourceFileError } from '../read/source-file-error.js';

export interface RunImportDeps {
  events: EventLog;
  /** Where the manifest and the rejects report are kept. */
  store: AnalyticsStore;
  log: Logger;
  onProgress?: (tally: TallyCounts) => void;
  /** One import of a series whose last import's rebuild derives this one too: its commit asks for no rebuild of its own. */
  rebuildWithALaterImport?: boolean;
}

/** What progress reports and results carry of an import's tally, on either side of a thread. */
export type TallyCounts = Pick<ImportTally, 'records' | 'counts'>;

/** An import published: its committed manifest and its counts. */
export interface ImportOutcome {
  manifest: ImportManifest;
  tally: TallyCounts;
}

/** runImport, here or on the import thread (import-thread.ts). */
export type RunImport = (plan: ImportPlan, deps: RunImportDeps, replayOf?: ImportManifest) => Promise<ImportOutcome>;

/** An import stopped before its commit; `reason` names the file, the line and the problem. */
export class ImportFailedError extends Error {
  constructor(
    readonly manifest: ImportManifest,
    readonly reason: string,
  ) {
    super(`Import ${manifest.import_id} failed: ${reason}`);
    this.name = 'ImportFailedError';
  }
}

export interface ImportResult extends ImportOutcome {
  tally: ImportTally;
}

/** Runs `plan` as a new import, or again under the id and version of `replayOf`. */
export async function runImport(plan: ImportPlan, deps: RunImportDeps, replayOf?: ImportManifest): Promise<ImportResult> {
  const startedAt = new Date();
  const manifest: ImportManifest = {
    import_id: replayOf?.import_id ?? newImportId(startedAt),
    version: replayOf?.version ?? startedAt.getTime(),
    plan,
    started_at: startedAt.toISOString(),
  };
  const context: ImportContext = {
    importId: manifest.import_id,
    version: manifest.version,
    sourceRoot: plan.kind === 'files' ? plan.sourceRoot : '',
    // Ages are as of the import's start, so a replay derives the same values.
    asOf: new Date(manifest.version),
  };
  await writeManifest(deps.store, manifest);
  const rejects = importRejectsWriter(deps.store, manifest.import_id);
  const tally = new ImportTally();
  await deps.events.ensureTopics([...RECORD_TOPICS, Topics.datasetCommitted, Topics.datasetFailed].map((topic) => ({ topic })));
  const sources = plan.kind === 'files' ? plan.paths.map((entry) => path.relative(plan.sourceRoot, entry) || '.') : ['generated'];
  let failure: string | undefined;
  try {
    await publishItems(itemsOf(plan, context), { events: deps.events, rejects, tally, onProgress: deps.onProgress });
  } catch (error) {
    failure = failureReason(error, plan);
  } finally {
    await rejects.flush();
  }
  if (failure !== undefined) {
    // A replay of a live import re-writes rows that are live already (same id and version): it
    // stays committed, and the failure is the replay's alone.
    if (replayOf?.committed_at) {
      await writeManifest(deps.store, replayOf);
      throw new ImportFailedError(replayOf, `the replay stopped, the import stays as it was: ${failure}`);
    }
    await recordFailure(manifest, sources, tally, failure, deps);
  }
  await failpoint(FAILPOINTS.importReading, deps.log);
  const commit: ImportCommitted = {
    import_id: manifest.import_id,
    version: manifest.version,
    sources,
    counts: tally.counts,
    rejects_by_reason: tally.rejectsRecord(),
    tables_by_state: plan.kind === 'files' ? tally.tablesByState() : generatedTablesByState(plan),
    warnings_by_reason: tally.warningsRecord(),
    record_end_offsets: await recordEndOffsets(deps.events),
    committed_at: new Date().toISOString(),
    ...(deps.rebuildWithALaterImport ? { rebuild_with_a_later_import: true } : {}),
  };
  await deps.events.publish(Topics.datasetCommitted, [{ key: manifest.import_id, value: JSON.stringify(commit) }]);
  manifest.committed_at = commit.committed_at;
  manifest.counts = commit.counts;
  manifest.rejects_by_reason = commit.rejects_by_reason;
  manifest.tables_by_state = commit.tables_by_state;
  manifest.warnings_by_reason = commit.warnings_by_reason;
  manifest.columns_not_mapped = tally.columnsNotMapped();
  manifest.release_links = tally.releaseLinks();
  await writeManifest(deps.store, manifest);
  deps.log.info({ import_id: manifest.import_id, ...commit.counts }, 'import published');
  return { manifest, tally };
}

/**
 * Where the record topics end now that every record of the import is acknowledged. Ingest
 * waits for its writer to pass them rather than counting the import's rows: a replay's rows may
 * be merged away by a newer import's versions, and a dead-lettered record is never written.
 */
async function recordEndOffsets(events: EventLog): Promise<NonNullable<ImportCommitted['record_end_offsets']>> {
  const entries = await Promise.all(RECORD_TOPICS.map(async (topic) => [topic, await events.endOffsets(topic)] as const));
  return Object.fromEntries(entries);
}

/** What stopped the import, for the CLI, the manifest and the imports table: never a stack trace. */
function failureReason(error: unknown, plan: ImportPlan): string {
  if (error instanceof SourceFileError) {
    const file = plan.kind === 'files' ? path.relative(plan.sourceRoot, error.file) || error.file : error.file;
    return new SourceFileError(file, error.line, error.problem).message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function recordFailure(manifest: ImportManifest, sources: string[], tally: ImportTally, reason: string, deps: RunImportDeps): Promise<never> {
  const failed: ImportFailed = {
    import_id: manifest.import_id,
    version: manifest.version,
    sources,
    reason,
    counts: tally.counts,
    failed_at: new Date().toISOString(),
  };
  await deps.events.publish(Topics.datasetFailed, [{ key: manifest.import_id, value: JSON.stringify(failed) }]);
  manifest.failed_at = failed.failed_at;
  manifest.failure = reason;
  manifest.counts = failed.counts;
  await writeManifest(deps.store, manifest);
  deps.log.info({ import_id: manifest.import_id, reason }, 'import failed');
  throw new ImportFailedError(manifest, reason);
}

function itemsOf(plan: ImportPlan, context: ImportContext): AsyncIterable<DatasetItem> | Iterable<DatasetItem> {
  const locator = loadCountyLocator();
  if (plan.kind === 'files') return readSources(plan.paths, context, locator);
  return generateNationalDataset({ seed: plan.seed, scale: plan.scale, excludeStates: plan.excludeStates, realCounts: plan.realCounts, context, locator });
}
