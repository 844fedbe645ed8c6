/**
 * One import: read files (or generate), publish every record to the dataset topics, write the
 * rejects report, then publish the commit that tells ingest to finish and the workers to
 * rebuild. Returns the counts for the summary table.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { Topics, type ImportCommitted } from '@ust/schemas';
import type { EventLog, Logger } from '@ust/platform';
import { loadCountyLocator } from '@ust/domain';
import type { DatasetItem, ImportContext } from '../dataset-item.js';
import { readSources } from '../read/index.js';
import { generateNationalDataset } from '../generate/index.js';
import { publishItems } from '../publish/publish-items.js';
import { ImportTally } from '../read/tally.js';
import { generatedCoverage } from '../read/table-coverage.js';
import { importDirectory, newImportId, writeManifest, type ImportManifest, type ImportPlan } from './manifest.js';

export interface RunImportDeps {
  events: EventLog;
  dataDir: string;
  log: Logger;
  onProgress?: (tally: ImportTally) => void;
}

export interface ImportResult {
  manifest: ImportManifest;
  tally: ImportTally;
  rejectsFile: string;
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
  await writeManifest(deps.dataDir, manifest);
  const rejectsFile = path.join(importDirectory(deps.dataDir, manifest.import_id), 'rejects.jsonl');
  const rejects = createWriteStream(rejectsFile);
  const tally = new ImportTally();
  await deps.events.ensureTopics([Topics.datasetFacilities, Topics.datasetTanks, Topics.datasetReleases, Topics.datasetCommitted].map((topic) => ({ topic })));
  try {
    await publishItems(itemsOf(plan, context), { events: deps.events, rejects, tally, onProgress: deps.onProgress });
  } finally {
    rejects.end();
    await finished(rejects);
  }
  const commit: ImportCommitted = {
    import_id: manifest.import_id,
    version: manifest.version,
    sources: plan.kind === 'files' ? plan.paths.map((entry) => path.relative(plan.sourceRoot, entry) || '.') : ['generated'],
    counts: tally.counts,
    rejects_by_reason: tally.rejectsRecord(),
    tables_by_state: plan.kind === 'files' ? tally.tablesByState() : generatedCoverage(tally.tablesByState()),
    committed_at: new Date().toISOString(),
  };
  await deps.events.publish(Topics.datasetCommitted, [{ key: manifest.import_id, value: JSON.stringify(commit) }]);
  manifest.committed_at = commit.committed_at;
  manifest.counts = commit.counts;
  manifest.rejects_by_reason = commit.rejects_by_reason;
  manifest.tables_by_state = commit.tables_by_state;
  await writeManifest(deps.dataDir, manifest);
  deps.log.info({ import_id: manifest.import_id, ...commit.counts }, 'import published');
  return { manifest, tally, rejectsFile };
}

function itemsOf(plan: ImportPlan, context: ImportContext): AsyncIterable<DatasetItem> | Iterable<DatasetItem> {
  const locator = loadCountyLocator();
  if (plan.kind === 'files') return readSources(plan.paths, context, locator);
  return generateNationalDataset({ seed: plan.seed, scale: plan.scale, excludeStates: plan.excludeStates, context, locator });
}
