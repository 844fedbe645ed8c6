/**
 * The pipeline commands (`pnpm pipeline`, whose entry point is services/standalone/src/pipeline-main.ts):
 *
 * pnpm pipeline import <path...> [--root DIR]   read EPA template or UST Finder files
 * pnpm pipeline generate [--scale 1] [--seed 1] [--exclude DC,DE]   generated national records
 * pnpm pipeline replay <import-id>              run a recorded import again (same id and version)
 * pnpm pipeline replay --from-beginning         reprocess everything (Kafka: reset the writer's group)
 * pnpm pipeline imports                         list recorded imports
 * pnpm pipeline risk-distribution               share of facilities per risk band, overall and per state
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, loadConfig, runMain, type Config, type Logger } from '@ust/platform';
import { ConsumerGroups } from '@ust/schemas';
import { republishAllImports, resetDatasetWriterToEarliest } from '../import/replay-all.js';
import { ImportFailedError, runImport, type ImportResult } from '../import/run-import.js';
import { importOutcome, listAllManifests, readManifest, type ImportPlan } from '../import/manifest.js';
import { awaitFailureRecorded } from '../import/await-failure.js';
import { awaitRebuild } from '../import/await-rebuild.js';
import { plannedCounts } from '../generate/index.js';
import { openPipelineSession, type OpenEmbeddedBackend } from './pipeline-session.js';
import { createProgressBar } from './progress.js';
import { estimateRows } from './estimate.js';
import { printImportSummary } from './summary.js';
import { printRiskDistribution } from './risk-distribution.js';

const USAGE = `Usage:
  pnpm pipeline import <path...> [--root DIR]
  pnpm pipeline generate [--scale 1] [--seed 1] [--exclude DC,DE,VT,IL]
  pnpm pipeline replay <import-id>
  pnpm pipeline replay --from-beginning
  pnpm pipeline imports
  pnpm pipeline risk-distribution`;

export interface PipelineCliDeps {
  /** The platform's backend in this process, which writes and rebuilds an import when the CLI runs embedded. */
  openEmbeddedBackend: OpenEmbeddedBackend;
}

/** Runs the command of the process's arguments, and exits with its outcome (runMain). */
export function runPipelineCli(deps: PipelineCliDeps): void {
  runMain(() => runPipelineCommand(deps));
}

async function runPipelineCommand({ openEmbeddedBackend }: PipelineCliDeps): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      scale: { type: 'string' },
      seed: { type: 'string' },
      exclude: { type: 'string' },
      'from-beginning': { type: 'boolean' },
    },
  });
  const [command, ...args] = positionals;
  const config = loadConfig();
  const log = createLogger('pipeline', { level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL });

  if (command === 'imports') {
    for (const manifest of await listAllManifests(config.dataDir)) {
      console.log(
        `${manifest.import_id}  ${manifest.plan.kind}  ${JSON.stringify(manifest.counts ?? {})}  ${manifest.committed_at ?? manifest.failed_at ?? manifest.started_at}  ${importOutcome(manifest)}`,
      );
    }
    return;
  }

  if (command === 'risk-distribution') {
    await printRiskDistribution(config, log);
    return;
  }

  if (command === 'replay' && values['from-beginning']) {
    await replayFromBeginning(config, log, openEmbeddedBackend);
    return;
  }

  let plan: ImportPlan;
  let replayOf;
  if (command === 'import' && args.length) {
    const paths = args.map((entry) => path.resolve(entry));
    plan = { kind: 'files', paths, sourceRoot: path.resolve(values.root ?? commonParent(paths)) };
  } else if (command === 'generate') {
    plan = {
      kind: 'generated',
      seed: parseNumber('--seed', values.seed ?? '1'),
      scale: parseNumber('--scale', values.scale ?? '1'),
      excludeStates: (values.exclude ?? '')
        .split(',')
        .map((state) => state.trim().toUpperCase())
        .filter(Boolean),
    };
  } else if (command === 'replay' && args.length === 1) {
    replayOf = await readManifest(config.dataDir, args[0]!);
    if (replayOf.failure !== undefined) {
      console.error(`Import ${replayOf.import_id} failed (${replayOf.failure}); nothing of it is live to replay. Fix the source and import it again.`);
      process.exit(1);
    }
    plan = replayOf.plan;
  } else {
    console.error(USAGE);
    process.exit(2);
  }

  const session = await openPipelineSession(config, log, openEmbeddedBackend);
  try {
    const total = plan.kind === 'files' ? await estimateRows(plan.paths) : totalPlanned(plan);
    const bar = createProgressBar(replayOf ? `replay ${replayOf.import_id}` : command!, total);
    const started = performance.now();
    let result: ImportResult;
    try {
      result = await runImport(plan, { events: session.events, dataDir: config.dataDir, log, onProgress: bar.update }, replayOf);
    } catch (error) {
      bar.stop();
      if (!(error instanceof ImportFailedError)) throw error;
      console.error(`\n${error.message}`);
      if (!error.manifest.committed_at) {
        if (session.store) await awaitFailureRecorded(session.store, error.manifest.import_id);
        console.error('Nothing of this import is visible: its records were staged and are dropped. `pnpm pipeline imports` lists it as failed.');
      }
      process.exitCode = 1;
      return;
    }
    bar.stop();
    if (session.jobs) {
      process.stderr.write('Writing ClickHouse and rebuilding maps and statistics...\n');
      await awaitRebuild(session.jobs, result.manifest);
    } else {
      process.stderr.write('Published to Kafka: the ingest and workers services write and rebuild.\n');
    }
    printImportSummary(result, (performance.now() - started) / 1000);
  } finally {
    await session.close();
  }
}

async function replayFromBeginning(config: Config, log: Logger, openEmbeddedBackend: OpenEmbeddedBackend): Promise<void> {
  const session = await openPipelineSession(config, log, openEmbeddedBackend);
  try {
    if (!session.jobs) {
      await resetDatasetWriterToEarliest(session.events);
      console.log(`Reset ${ConsumerGroups.datasetWriter} to the earliest offsets: the ingest service re-reads every dataset record when it starts.`);
      return;
    }
    let results: ImportResult[];
    try {
      results = await republishAllImports({
        events: session.events,
        dataDir: config.dataDir,
        log,
        onImport: (manifest) => {
          const bar = createProgressBar(
            `replay ${manifest.import_id}`,
            (manifest.counts?.facilities ?? 0) + (manifest.counts?.tanks ?? 0) + (manifest.counts?.releases ?? 0),
          );
          return { onProgress: bar.update, done: () => bar.stop() };
        },
      });
    } catch (error) {
      // A replay that cannot read its source says which file and line; the imports stay as they were.
      if (!(error instanceof ImportFailedError)) throw error;
      console.error(`\n${error.message}`);
      process.exitCode = 1;
      return;
    }
    const last = results.at(-1);
    if (last) await awaitRebuild(session.jobs, last.manifest);
    console.log(`Replayed ${results.length} import(s) from their sources.`);
  } finally {
    await session.close();
  }
}

function totalPlanned(plan: Extract<ImportPlan, { kind: 'generated' }>): number {
  const counts = plannedCounts({ seed: plan.seed, scale: plan.scale, excludeStates: plan.excludeStates });
  return counts.facilities + counts.tanks + counts.releases;
}

function parseNumber(flag: string, value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`${flag}: must be a positive number, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return number;
}

/** The deepest directory containing every path's parent: record sources are relative to it. */
function commonParent(paths: readonly string[]): string {
  const parts = paths.map((entry) => path.dirname(entry).split(path.sep));
  const first = parts[0] ?? [];
  let length = first.length;
  for (const other of parts) {
    let shared = 0;
    while (shared < Math.min(length, other.length) && other[shared] === first[shared]) shared += 1;
    length = shared;
  }
  return first.slice(0, length).join(path.sep) || path.sep;
}
