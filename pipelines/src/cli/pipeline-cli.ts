/**
 * The pipeline commands (`pnpm pipeline`, whose entry point is services/standalone/src/pipeline-main.ts):
 *
 * pnpm pipeline import <path...> [--root DIR]   read EPA template or UST Finder files
 * pnpm pipeline generate [--scale 1] [--seed 1] [--exclude DC,DE]   generated national records
 * pnpm pipeline replay <import-id>              run a recorded import again (same id and version)
 * pnpm pipeline replay --from-beginning         reprocess everything (Kafka: reset the writer's group)
 * pnpm pipeline imports                         list recorded imports
 * pnpm pipeline risk-distribution               share of facilities per risk band, overall and per state
 * pnpm pipeline --help                          this usage (an unknown command or option: the reason, the usage, exit 2)
 *
 * A command that starts a run takes one path (docs/decisions/0107-one-path-per-command.md): it
 * starts the job the workers run and follows its record, on a platform running on DATA_DIR (or
 * named by UST_API_URL) through its admin API, or else on the embedded backend it starts itself.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, keepDataDirPrivate, loadConfig, runMain, type Config, type Logger, type RuntimeIdentity } from '@ust/platform';
import { listAllManifests } from '@ust/read-model';
import { ConsumerGroups } from '@ust/schemas';
import { resetDatasetWriterToEarliest } from '../import/replay-all.js';
import { printRiskDistribution } from './risk-distribution.js';
import { createAdminApi } from './admin-api.js';
import { generateCommand, importCommand, listImportsCommand, replayAllCommand, replayCommand } from './commands.js';
import { apiPlatform, embeddedPlatform, missingPath, refusalMessage, type ImportPlatform } from './import-platform.js';
import { manifestLine } from './import-lines.js';
import { openPipelineSession, type OpenEmbeddedBackend } from './pipeline-session.js';
import { choosePipelineTarget, PlatformTargetError, runningPlatform } from './platform-target.js';

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
  /** An admin access token of the embedded provider, for the API of a platform running on DATA_DIR, which trusts `platform`. */
  adminToken: (platform: RuntimeIdentity) => Promise<string>;
}

/** Exit code for a problem with how the command was called, as distinct from one it ran into (1). */
const USAGE_EXIT = 2;

const OPTIONS = {
  root: { type: 'string' },
  scale: { type: 'string' },
  seed: { type: 'string' },
  exclude: { type: 'string' },
  'from-beginning': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Options = { root?: string; scale?: string; seed?: string; exclude?: string; 'from-beginning'?: boolean; help?: boolean };

interface Invocation {
  args: string[];
  options: Options;
  config: Config;
  log: Logger;
  deps: PipelineCliDeps;
}

/** A command: the arguments it takes, and what it does with them; returns the exit code. */
interface Command {
  accepts(args: readonly string[], options: Options): boolean;
  run(invocation: Invocation): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  import: {
    accepts: (args) => args.length > 0,
    async run({ args, options, ...context }) {
      const { paths, sourceRoot } = importSources(args, options);
      const missing = await missingPath(paths);
      if (missing) {
        console.error(`${missing}: no such file or folder`);
        return USAGE_EXIT;
      }
      return onPlatform(context, 'import', (platform) => importCommand(platform, paths, sourceRoot));
    },
  },
  generate: {
    accepts: (args) => args.length === 0,
    async run({ options, ...context }) {
      await exitIfPlatformOwnsDataDir(context.config, 'generate');
      const plan = {
        kind: 'generated' as const,
        seed: parseNumber('--seed', options.seed ?? '1'),
        scale: parseNumber('--scale', options.scale ?? '1'),
        excludeStates: (options.exclude ?? '')
          .split(',')
          .map((state) => state.trim().toUpperCase())
          .filter(Boolean),
      };
      return onPlatform(context, 'generate', (platform) => generateCommand(platform, plan));
    },
  },
  replay: {
    accepts: (args, options) => (options['from-beginning'] ? args.length === 0 : args.length === 1),
    async run({ args, options, ...context }) {
      if (options['from-beginning'] && context.config.kafkaBrokers && !(await platformRuns(context.config))) return resetWriterGroup(context);
      return onPlatform(context, 'replay', (platform) => (options['from-beginning'] ? replayAllCommand(platform) : replayCommand(platform, args[0]!)));
    },
  },
  imports: {
    accepts: (args) => args.length === 0,
    async run(context) {
      const target = await pipelineTarget(context);
      if (target.mode === 'api') return onApi(target, listImportsCommand);
      // Offline, from the manifests: with each import's table counts.
      const session = await openPipelineSession(context.config, context.log, context.deps.openEmbeddedBackend);
      try {
        for (const manifest of await listAllManifests(session.store)) console.log(manifestLine(manifest));
        return 0;
      } finally {
        await session.close();
      }
    },
  },
  'risk-distribution': {
    accepts: (args) => args.length === 0,
    async run({ config, log }) {
      if (!config.CLICKHOUSE_URL) await exitIfPlatformOwnsDataDir(config, 'risk-distribution');
      await printRiskDistribution(config, log);
      return Number(process.exitCode ?? 0);
    },
  },
};

/**
 * The command `argv` names, with its arguments; or the usage to print and the exit code: 0 when
 * asked for (--help), USAGE_EXIT for an unknown command or option, or arguments the command does
 * not take, whose reason comes first.
 */
export function parseInvocation(argv: string[]): { command: Command; args: string[]; values: Options } | { usage: string; exitCode: number } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return { usage: `${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, exitCode: USAGE_EXIT };
  }
  const { positionals, values } = parsed;
  if (values.help) return { usage: USAGE, exitCode: 0 };
  const [name, ...args] = positionals;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) return { usage: name === undefined ? USAGE : `Unknown command '${name}'.\n\n${USAGE}`, exitCode: USAGE_EXIT };
  if (!command.accepts(args, values)) return { usage: `Wrong arguments for '${name}'.\n\n${USAGE}`, exitCode: USAGE_EXIT };
  return { command, args, values };
}

/** Runs the command of the process's arguments, and exits with its outcome (runMain). */
export function runPipelineCli(deps: PipelineCliDeps): void {
  runMain(async () => {
    const invocation = parseInvocation(process.argv.slice(2));
    if ('usage' in invocation) {
      (invocation.exitCode === 0 ? console.log : console.error)(invocation.usage);
      process.exit(invocation.exitCode);
    }
    const { command, args, values } = invocation;
    const config = loadConfig();
    const log = createLogger('pipeline', { level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL });
    // Run offline, a command writes DATA_DIR as the platform does: chDB's tables, the cache.
    await keepDataDirPrivate(config.dataDir);
    process.exitCode = await command.run({ args, options: values, config, log, deps });
  });
}

type Context = Omit<Invocation, 'args' | 'options'>;
type ApiTarget = { mode: 'api'; url: string; token: string };

/**
 * Runs `body` on the platform that will do the work: a running platform's API, or the embedded
 * backend this process starts. With KAFKA_BROKERS or REDIS_URL set and no platform API named, the
 * platform's services run elsewhere and cannot read this machine's files: the command says to go
 * through the API.
 */
async function onPlatform(context: Context, command: string, body: (platform: ImportPlatform) => Promise<number>): Promise<number> {
  const target = await pipelineTarget(context);
  if (target.mode === 'api') return onApi(target, body);
  const { config, log } = context;
  if (config.kafkaBrokers || config.REDIS_URL) {
    console.error(
      `KAFKA_BROKERS or REDIS_URL name the platform's services, which run elsewhere: run \`pnpm pipeline ${command}\` through the platform's admin API (set UST_API_URL and UST_TOKEN).`,
    );
    return USAGE_EXIT;
  }
  const session = await openPipelineSession(config, log, context.deps.openEmbeddedBackend);
  try {
    return await refused(() => body(embeddedPlatform({ store: session.store, jobs: session.jobs! })), undefined);
  } finally {
    await session.close();
  }
}

function onApi(target: ApiTarget, body: (platform: ImportPlatform) => Promise<number>): Promise<number> {
  return refused(() => body(apiPlatform(createAdminApi(target.url, target.token), target.url)), target.url);
}

/** The command's exit code, or 1 with the platform's message when it refused. */
async function refused(body: () => Promise<number>, url: string | undefined): Promise<number> {
  try {
    return await body();
  } catch (error) {
    const message = refusalMessage(error, url);
    if (message === undefined) throw error;
    console.error(message);
    return 1;
  }
}

/** On Kafka, a replay from the beginning resets the dataset writer's group: ingest re-reads every record the topics hold. */
async function resetWriterGroup({ config, log, deps }: Context): Promise<number> {
  const session = await openPipelineSession(config, log, deps.openEmbeddedBackend);
  try {
    await resetDatasetWriterToEarliest(session.events);
    console.log(`Reset ${ConsumerGroups.datasetWriter} to the earliest offsets: the ingest service re-reads every dataset record when it starts.`);
    return 0;
  } finally {
    await session.close();
  }
}

async function pipelineTarget({ config, deps }: Context) {
  try {
    return await choosePipelineTarget({ dataDir: config.dataDir, env: process.env, embeddedIdentity: config.embeddedIdentity, adminToken: deps.adminToken });
  } catch (error) {
    if (!(error instanceof PlatformTargetError)) throw error;
    console.error(error.message);
    process.exit(USAGE_EXIT);
  }
}

async function platformRuns(config: Config): Promise<boolean> {
  return Boolean(process.env.UST_API_URL) || (await runningPlatform(config.dataDir)) !== undefined;
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

/** The files of `import <path...>` and the root their sources are named from (as offline, as uploaded). */
function importSources(args: readonly string[], options: Options): { paths: string[]; sourceRoot: string } {
  const paths = args.map((entry) => path.resolve(entry));
  return { paths, sourceRoot: path.resolve(options.root ?? commonParent(paths)) };
}

function parseNumber(flag: string, value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`${flag}: must be a positive number, got ${JSON.stringify(value)}`);
    process.exit(USAGE_EXIT);
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
