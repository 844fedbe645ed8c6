/**
 * The pipeline commands (`pnpm pipeline`, whose entry point is services/standalone/src/pipeline-main.ts):
 *
 * pnpm pipeline import <path...> [--root DIR]   read EPA template or UST Finder files
 * pnpm pipeline generate [--scale 1] [--seed 1] [--exclude DC,DE]   generated national records
 * pnpm pipeline replay <import-id>              run a recorded import again (same id and version)
 * pnpm pipeline replay --from-beginning         reprocess everything (Kafka: reset the writer's group)
 * pnpm pipeline imports                         list recorded imports
 * pnpm pipeline risk-distribution               share of facilities per risk band, overall and per state
 *
 * While a platform runs on DATA_DIR (or UST_API_URL names one), import, replay and imports go
 * through its admin API (platform-target.ts, api-commands.ts); generate and risk-distribution,
 * which open the data directory themselves, say how to run them instead.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, keepDataDirPrivate, loadConfig, runMain, type Config, type Logger, type RuntimeIdentity } from '@ust/platform';
import { ConsumerGroups } from '@ust/schemas';
import { republishAllImports, resetDatasetWriterToEarliest } from '../import/replay-all.js';
import { ImportFailedError, runImport, type ImportResult } from '../import/run-import.js';
import { listAllManifests, readManifest, type ImportManifest, type ImportPlan } from '@ust/read-model';
import { awaitFailureRecorded } from '../import/await-failure.js';
import { awaitRebuild } from '../import/await-rebuild.js';
import { plannedCounts } from '../generate/index.js';
import { openPipelineSession, type OpenEmbeddedBackend } from './pipeline-session.js';
import { createProgressBar } from './progress.js';
import { estimateRows } from './estimate.js';
import { printImportSummary } from './summary.js';
import { printRiskDistribution } from './risk-distribution.js';
import { AdminApiError, createAdminApi } from './admin-api.js';
import { importThroughApi, listImportsThroughApi, replayAllThroughApi, replayThroughApi } from './api-commands.js';
import { manifestLine } from './import-lines.js';
import { choosePipelineTarget, PlatformTargetError, runningPlatform, type PipelineTarget } from './platform-target.js';

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
  /** An admin access token of the embedded identity provider, for the API of a platform running on DATA_DIR, which trusts `platform`. */
  adminToken: (platform: RuntimeIdentity) => Promise<string>;
}

/** Exit code for a problem with how the command was called, as distinct from one it ran into (1). */
const USAGE_EXIT = 2;

type Options = { root?: string; 'from-beginning'?: boolean };

/** Runs the command of the process's arguments, and exits with its outcome (runMain). */
export function runPipelineCli(deps: PipelineCliDeps): void {
  runMain(() => runPipelineCommand(deps));
}

async function runPipelineCommand({ openEmbeddedBackend, adminToken }: PipelineCliDeps): Promise<void> {
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
  // Run offline, a command writes DATA_DIR as the platform does: imports, chDB's tables.
  await keepDataDirPrivate(config.dataDir);

  const viaApi =
    command === 'imports' || (command === 'import' && args.length > 0) || (command === 'replay' && (args.length === 1 || values['from-beginning']));
  if (viaApi) {
    const target = await pipelineTargetOrExit(config, adminToken);
    if (target.mode === 'api') {
      process.exitCode = await runThroughApi(target, command!, args, values);
      return;
    }
  }
  if ((command === 'generate' && !config.kafkaBrokers) || (command === 'risk-distribution' && !config.CLICKHOUSE_URL)) {
    await exitIfPlatformOwnsDataDir(config, command);
  }

  if (command === 'imports') {
    const session = await openPipelineSession(config, log, openEmbeddedBackend);
    try {
      for (const manifest of await listAllManifests(session.store)) console.log(manifestLine(manifest));
    } finally {
      await session.close();
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

  let plan: ImportPlan | undefined;
  let replayOf: ImportManifest | undefined;
  if (command === 'import' && args.length) {
    plan = { kind: 'files', ...importSources(args, values) };
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
  } else if (command !== 'replay' || args.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }

  const session = await openPipelineSession(config, log, openEmbeddedBackend);
  try {
    if (command === 'replay') {
      replayOf = await readManifest(session.store, args[0]!);
      if (replayOf.failure !== undefined) {
        console.error(`Import ${replayOf.import_id} failed (${replayOf.failure}); nothing of it is live to replay. Fix the source and import it again.`);
        process.exitCode = 1;
        return;
      }
      plan = replayOf.plan;
    }
    if (!plan) throw new Error(`No plan for ${command}`);
    const total = plan.kind === 'files' ? await estimateRows(plan.paths) : totalPlanned(plan);
    const bar = createProgressBar(replayOf ? `replay ${replayOf.import_id}` : command!, total);
    const started = performance.now();
    let result: ImportResult;
    try {
      result = await runImport(plan, { events: session.events, store: session.store, log, onProgress: bar.update }, replayOf);
    } catch (error) {
      bar.stop();
      if (!(error instanceof ImportFailedError)) throw error;
      console.error(`\n${error.message}`);
      if (!error.manifest.committed_at) {
        if (session.jobs) await awaitFailureRecorded(session.store, error.manifest.import_id);
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
        store: session.store,
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

async function pipelineTargetOrExit(config: Config, adminToken: PipelineCliDeps['adminToken']): Promise<PipelineTarget> {
  try {
    return await choosePipelineTarget({ dataDir: config.dataDir, env: process.env, embeddedIdentity: config.embeddedIdentity, adminToken });
  } catch (error) {
    if (!(error instanceof PlatformTargetError)) throw error;
    console.error(error.message);
    process.exit(USAGE_EXIT);
  }
}

/** For a command that opens the data directory itself, which a running platform owns. */
async function exitIfPlatformOwnsDataDir(config: Config, command: string): Promise<void> {
  const running = await runningPlatform(config.dataDir);
  if (!running) return;
  console.error(
    `A platform runs on ${config.dataDir} (process ${running.pid}, ${running.url}), and \`pnpm pipeline ${command}\` opens the data directory itself. ` +
      'Stop the platform (Ctrl+C where `pnpm start` runs) and run the command again, or set DATA_DIR to another directory.',
  );
  process.exit(1);
}

/** Runs the command on the platform's admin API; returns the exit code. */
async function runThroughApi(target: Extract<PipelineTarget, { mode: 'api' }>, command: string, args: string[], values: Options): Promise<number> {
  const context = { api: createAdminApi(target.url, target.token), url: target.url };
  try {
    if (command === 'imports') return await listImportsThroughApi(context);
    if (command === 'replay') return await (values['from-beginning'] ? replayAllThroughApi(context) : replayThroughApi(context, args[0]!));
    const { paths, sourceRoot } = importSources(args, values);
    return await importThroughApi(context, paths, sourceRoot);
  } catch (error) {
    if (!(error instanceof AdminApiError)) throw error;
    console.error(error.message);
    if (error.status === 401 || error.status === 403) console.error(`UST_TOKEN, when set, must be an admin access token of the platform at ${target.url}.`);
    return 1;
  }
}

/** The files of `import <path...>` and the root their sources are named from (as offline, as uploaded). */
function importSources(args: readonly string[], values: Options): { paths: string[]; sourceRoot: string } {
  const paths = args.map((entry) => path.resolve(entry));
  return { paths, sourceRoot: path.resolve(values.root ?? commonParent(paths)) };
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
