/**
 * The testcontainers path of the test harness (docs/architecture.md section 8): the last resort
 * after a URL from the environment and a local binary. The images and versions are the ones
 * docker-compose.yml runs, read from the repository's .env, so tests and the compose stack
 * exercise the same servers. testcontainers is imported inside the start functions only: loading
 * this module costs nothing where no Docker engine runs.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StartedTestContainer } from 'testcontainers';
import type { RunningService } from './running-service.js';

/** The repository's .env: compose's default env file, where the infrastructure versions are pinned. */
export const PINNED_VERSIONS_FILE = fileURLToPath(new URL('../../../../.env', import.meta.url));

export interface PinnedVersions {
  readonly kafka: string;
  readonly clickhouse: string;
  readonly redis: string;
}

/** Reads KAFKA_VERSION, CLICKHOUSE_VERSION and REDIS_VERSION from the .env file; throws naming what is missing. */
export function readPinnedVersions(envFile: string = PINNED_VERSIONS_FILE): PinnedVersions {
  const values = new Map<string, string>();
  for (const line of fs.readFileSync(envFile, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    values.set(match[1], match[2].replace(/^(['"])(.*)\1$/, '$2'));
  }
  const pick = (name: string): string => {
    const value = values.get(name);
    if (!value) throw new Error(`${name} is not set in ${envFile}`);
    return value;
  };
  return { kafka: pick('KAFKA_VERSION'), clickhouse: pick('CLICKHOUSE_VERSION'), redis: pick('REDIS_VERSION') };
}

/** Image references (`name:tag`) by service. */
export type PinnedImages = { readonly [Service in keyof PinnedVersions]: string };

/** The images docker-compose.yml runs, at the pinned versions. */
export function pinnedImages(versions: PinnedVersions = readPinnedVersions()): PinnedImages {
  return {
    kafka: `apache/kafka:${versions.kafka}`,
    clickhouse: `clickhouse/clickhouse-server:${versions.clickhouse}`,
    redis: `redis:${versions.redis}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Is there a Docker engine?

export interface DockerProbeOptions {
  /**
   * Engine endpoint in DOCKER_HOST form (`unix:///path`, `tcp://host:port`, `npipe:////./pipe/name`).
   * When set, it is the only endpoint tried, as for the docker CLI and testcontainers.
   * @defaultValue process.env.DOCKER_HOST
   */
  readonly dockerHost?: string | undefined;
  /**
   * Unix sockets tried when no DOCKER_HOST is set.
   * @defaultValue /var/run/docker.sock, then the rootless and Docker Desktop sockets
   */
  readonly socketPaths?: readonly string[];
  /**
   * How long one endpoint may take to answer `GET /_ping`.
   * @defaultValue 1500
   */
  readonly timeoutMs?: number;
}

type Endpoint =
  { readonly kind: 'socket'; readonly socketPath: string } | { readonly kind: 'tcp'; readonly host: string; readonly port: number; readonly tls: boolean };

function defaultSocketPaths(): string[] {
  const home = os.homedir();
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  return [
    '/var/run/docker.sock',
    ...(runtimeDir ? [path.join(runtimeDir, 'docker.sock')] : []),
    ...(uid === undefined ? [] : [`/run/user/${uid}/docker.sock`]),
    path.join(home, '.docker', 'run', 'docker.sock'),
    path.join(home, '.docker', 'desktop', 'docker.sock'),
  ];
}

function endpointsFor(options: DockerProbeOptions): Endpoint[] {
  const dockerHost = 'dockerHost' in options ? options.dockerHost : process.env.DOCKER_HOST;
  if (!dockerHost) {
    return [...new Set(options.socketPaths ?? defaultSocketPaths())].map((socketPath) => ({ kind: 'socket', socketPath }));
  }
  const url = new URL(dockerHost);
  switch (url.protocol) {
    case 'unix:':
      return [{ kind: 'socket', socketPath: decodeURIComponent(url.pathname) }];
    case 'npipe:':
      return [{ kind: 'socket', socketPath: decodeURIComponent(url.pathname).replace(/^\/+/, '//').replaceAll('/', '\\') }];
    case 'tcp:':
    case 'http:':
    case 'https:': {
      const tls = url.protocol === 'https:' || Boolean(process.env.DOCKER_TLS_VERIFY);
      return [{ kind: 'tcp', host: url.hostname, port: Number(url.port) || (tls ? 2376 : 2375), tls }];
    }
    default:
      return []; // ssh:// and anything else: not something a quick probe can answer for.
  }
}

/** Client certificates for a TLS engine, from DOCKER_CERT_PATH as the docker CLI reads them. */
function dockerTlsFiles(): https.RequestOptions {
  const directory = process.env.DOCKER_CERT_PATH || path.join(os.homedir(), '.docker');
  const read = (name: string) => {
    try {
      return fs.readFileSync(path.join(directory, name));
    } catch {
      return undefined;
    }
  };
  const [ca, cert, key] = [read('ca.pem'), read('cert.pem'), read('key.pem')];
  return { ...(ca && { ca }), ...(cert && { cert }), ...(key && { key }) };
}

/** `GET /_ping`: true only for the engine's `200 OK`; any error, other answer or silence is false. */
function ping(endpoint: Endpoint, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(answer);
    };
    const target: http.RequestOptions =
      endpoint.kind === 'socket'
        ? { socketPath: endpoint.socketPath }
        : { host: endpoint.host, port: endpoint.port, ...(endpoint.tls ? dockerTlsFiles() : {}) };
    const request = (endpoint.kind === 'tcp' && endpoint.tls ? https : http).get(
      { ...target, path: '/_ping', agent: false, headers: { accept: 'text/plain' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > 64) settle(false);
        });
        response.on('end', () => settle(response.statusCode === 200 && body.trim() === 'OK'));
        response.on('error', () => settle(false));
      },
    );
    request.on('error', () => settle(false));
    const timer = setTimeout(() => settle(false), timeoutMs);
  });
}

const probes = new Map<string, Promise<boolean>>();

/**
 * True only when a Docker engine answers `GET /_ping` (at DOCKER_HOST, or at one of the usual
 * sockets) within the timeout. Never rejects. The answer is cached per set of endpoints, so the
 * harness asks once per run.
 */
export function dockerAvailable(options: DockerProbeOptions = {}): Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? 1500;
  let endpoints: Endpoint[];
  try {
    endpoints = endpointsFor(options);
  } catch {
    endpoints = []; // an unparseable DOCKER_HOST: no engine we can reach
  }
  const key = JSON.stringify([endpoints, timeoutMs]);
  let probe = probes.get(key);
  if (!probe) {
    probe = Promise.all(endpoints.map((endpoint) => ping(endpoint, timeoutMs))).then(
      (answers) => answers.includes(true),
      () => false,
    );
    probes.set(key, probe);
  }
  return probe;
}

// ---------------------------------------------------------------------------------------------
// The three containers

/**
 * Why the installed testcontainers cannot run on `node`, or undefined when it can. Only a plain
 * `>= x.y.z` engines range is understood; anything else is assumed to fit.
 */
export function testcontainersNodeProblem(engines: string | undefined, node: string = process.versions.node): string | undefined {
  const minimum = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(engines ?? '');
  if (!minimum) return undefined;
  const wanted = [minimum[1], minimum[2], minimum[3]].map((part) => Number(part ?? 0));
  const running = node.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < wanted.length; index += 1) {
    const have = running[index] ?? 0;
    const want = wanted[index] ?? 0;
    if (have !== want) {
      return have > want ? undefined : `the installed testcontainers needs Node ${engines?.trim()}, this is Node ${node}`;
    }
  }
  return undefined;
}

/**
 * Fails with a plain message where the installed testcontainers cannot run (12.1 and later need
 * Node 22.22: their undici calls zlib zstd functions Node 20 lacks, and loading them crashes).
 */
function assertTestcontainersRuns(): void {
  const { engines } = createRequire(import.meta.url)('testcontainers/package.json') as { engines?: { node?: string } };
  const problem = testcontainersNodeProblem(engines?.node);
  if (problem) throw new Error(problem);
}

function asRunningService(url: string, container: StartedTestContainer): RunningService {
  let stopping: Promise<void> | undefined;
  return {
    url,
    source: 'container',
    stop: () => (stopping ??= container.stop().then(() => undefined)),
  };
}

/** redis-server with the compose stack's eviction policy (BullMQ needs noeviction). */
export async function startRedisContainer(): Promise<RunningService> {
  assertTestcontainersRuns();
  const { RedisContainer } = await import('@testcontainers/redis');
  const container = await new RedisContainer(pinnedImages().redis).withCommand(['redis-server', '--maxmemory-policy', 'noeviction']).start();
  return asRunningService(container.getConnectionUrl(), container);
}

/**
 * A ClickHouse server reachable as the config's default user: 'default' with no password, database
 * 'ust', so CLICKHOUSE_URL alone points the AnalyticsStore at it. CLICKHOUSE_SKIP_USER_SETUP keeps
 * the image's entrypoint from restricting a password-less 'default' user to localhost.
 */
export async function startClickHouseContainer(): Promise<RunningService> {
  assertTestcontainersRuns();
  const { ClickHouseContainer } = await import('@testcontainers/clickhouse');
  const container = await new ClickHouseContainer(pinnedImages().clickhouse)
    .withUsername('default')
    .withPassword('')
    .withDatabase('ust')
    .withEnvironment({ CLICKHOUSE_SKIP_USER_SETUP: '1' })
    .start();
  return asRunningService(container.getHttpUrl(), container);
}

/** Ports inside the Kafka container. Only the client port is published. */
export const KAFKA_CONTAINER_PORTS = { client: 9092, broker: 9093, controller: 9094 } as const;
const ADVERTISED_LISTENERS_FILE = '/tmp/ust-advertised-listeners';
const WAITING_MESSAGE = 'ust-testcontainers: waiting for advertised listeners';
const KAFKA_READY = /Transitioning from RECOVERY to RUNNING/;

/**
 * Single-node KRaft settings for the apache/kafka image (its scripts turn KAFKA_FOO_BAR into
 * foo.bar). CLIENT is advertised to the test process at the published port; BROKER carries
 * inter-broker traffic inside the container; CONTROLLER is the quorum. Empty hosts bind every
 * interface without being copied into advertised.listeners.
 */
export function kafkaKraftEnvironment(): Record<string, string> {
  const { client, broker, controller } = KAFKA_CONTAINER_PORTS;
  return {
    CLUSTER_ID: 'axxxDbOWY9C5YrfOb9em4Q',
    KAFKA_NODE_ID: '1',
    KAFKA_PROCESS_ROLES: 'broker,controller',
    KAFKA_LISTENERS: `CLIENT://:${client},BROKER://:${broker},CONTROLLER://:${controller}`,
    KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CLIENT:PLAINTEXT,BROKER:PLAINTEXT,CONTROLLER:PLAINTEXT',
    KAFKA_INTER_BROKER_LISTENER_NAME: 'BROKER',
    KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
    KAFKA_CONTROLLER_QUORUM_VOTERS: `1@localhost:${controller}`,
    KAFKA_LOG_DIRS: '/tmp/kraft-combined-logs',
    KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
    KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '1',
    KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
    KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR: '1',
    KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR: '1',
    KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    KAFKA_HEAP_OPTS: '-Xmx512m',
  };
}

/** What the test process dials (host:mapped port) and what the broker dials itself on. */
export function kafkaAdvertisedListeners(host: string, mappedClientPort: number): string {
  return `CLIENT://${host}:${mappedClientPort},BROKER://localhost:${KAFKA_CONTAINER_PORTS.broker}`;
}

/**
 * The container's command: wait until the advertised listeners are known, then hand over to the
 * image's own start script. The host port is only known once the container runs, so it is
 * written into the container afterwards (written to a temporary name and renamed, so the
 * script never reads half a file).
 */
export function kafkaStartCommand(): string[] {
  const file = ADVERTISED_LISTENERS_FILE;
  return [
    'sh',
    '-c',
    `echo '${WAITING_MESSAGE}'; while [ ! -f ${file} ]; do sleep 0.1; done; ` +
      `export KAFKA_ADVERTISED_LISTENERS="$(cat ${file})"; exec /etc/kafka/docker/run`,
  ];
}

/**
 * An Apache Kafka broker in KRaft mode, from the apache/kafka image at KAFKA_VERSION.
 * @testcontainers/kafka is not used: its KafkaContainer drives Confluent's cp-kafka image (it runs
 * /etc/confluent/docker/run and refuses KRaft for image tags below 7.0.0, such as 4.1.1).
 * The same start-script technique is what testcontainers-java's KafkaContainer does for apache/kafka.
 */
export async function startKafkaContainer(): Promise<RunningService> {
  assertTestcontainersRuns();
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(pinnedImages().kafka)
    .withExposedPorts(KAFKA_CONTAINER_PORTS.client)
    .withEnvironment(kafkaKraftEnvironment())
    .withCommand(kafkaStartCommand())
    .withWaitStrategy(Wait.forLogMessage(WAITING_MESSAGE))
    .withStartupTimeout(120_000)
    .start();
  try {
    const host = container.getHost();
    const port = container.getMappedPort(KAFKA_CONTAINER_PORTS.client);
    const file = ADVERTISED_LISTENERS_FILE;
    const written = await container.exec(['sh', '-c', `printf '%s' "$1" > ${file}.tmp && mv ${file}.tmp ${file}`, 'sh', kafkaAdvertisedListeners(host, port)]);
    if (written.exitCode !== 0) throw new Error(`could not configure the Kafka container: ${written.output}`);
    await waitForLog(container, KAFKA_READY, 120_000);
    return asRunningService(`${host}:${port}`, container);
  } catch (error) {
    await container.stop().catch(() => undefined);
    throw error;
  }
}

/** Resolves once the container's log (from its start) matches `pattern`. */
async function waitForLog(container: StartedTestContainer, pattern: RegExp, timeoutMs: number): Promise<void> {
  const stream = await container.logs();
  await new Promise<void>((resolve, reject) => {
    let tail = '';
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => settle(new Error(`the container did not log ${pattern} within ${timeoutMs} ms`)), timeoutMs);
    stream.on('data', (chunk: Buffer | string) => {
      tail = (tail + chunk.toString()).slice(-8192);
      if (pattern.test(tail)) settle();
    });
    stream.on('error', (error: Error) => settle(error));
    stream.on('end', () => settle(new Error(`the container's log ended before it logged ${pattern}`)));
  });
}
