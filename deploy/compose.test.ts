/**
 * What docker-compose.yml and deploy/Dockerfile must get right, checked without a Docker engine:
 * the services and their images, health checks and start order, and that every address a
 * process is given is one the target service really listens on.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../services/platform/src/config.js';
import { pinnedImages, readPinnedVersions } from '../services/platform/src/testing/containers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const readText = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

// --- docker-compose.yml --------------------------------------------------------------------

type Scalar = string | number | boolean | null;
interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}
interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, Scalar> | string[];
  ports?: Array<string | { target: number; published?: string | number; host_ip?: string }>;
  volumes?: Array<string | { type?: string; source?: string; target: string }>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: Healthcheck;
  ulimits?: Record<string, number | { soft: number; hard: number }>;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const composeText = readText('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as ComposeFile;

/** The .env file as compose reads it (KEY=VALUE lines; comments and blanks ignored). */
const dotenv: Record<string, string> = Object.fromEntries(
  readText('.env')
    .split(/\r?\n/)
    .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1] ?? '', (match[2] ?? '').trim()]),
);

/** Compose's variable interpolation, with .env as the only source: $$, ${X}, ${X:-d}, ${X-d}. */
function interpolate(value: string, variables: Record<string, string> = dotenv): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)-([^}]*))?\}/g, (whole, name?: string, colon?: string, fallback?: string) => {
    if (whole === '$$') return '$';
    const set = name !== undefined && name in variables;
    const current = set ? (variables[name as string] ?? '') : undefined;
    if (fallback === undefined) return current ?? '';
    if (current === undefined || (colon === ':' && current === '')) return fallback;
    return current;
  });
}

function service(name: string): Service {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** A service's environment as interpolated strings. */
function environmentOf(name: string): Record<string, string> {
  const environment = service(name).environment ?? {};
  const entries = Array.isArray(environment)
    ? environment.map((item) => {
        const [key = '', ...rest] = item.split('=');
        return [key, rest.join('=')] as const;
      })
    : Object.entries(environment).map(([key, value]) => [key, value === null ? '' : String(value)] as const);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value)]));
}

function commandOf(name: string): string[] {
  const command = service(name).command;
  return typeof command === 'string' ? command.split(/\s+/) : (command ?? []);
}

/** `PLAINTEXT://kafka:9092,...` -> name, host, port. */
function kafkaListeners(value: string | undefined) {
  return (value ?? '').split(',').map((entry) => {
    const match = /^([A-Z_]+):\/\/([^:]*):(\d+)$/.exec(entry.trim());
    if (!match) throw new Error(`not a Kafka listener: "${entry}"`);
    return { name: match[1] ?? '', host: match[2] ?? '', port: Number(match[3]) };
  });
}

/** Published ports as { hostIp, published, target } after interpolation. */
function publishedPorts(name: string) {
  return (service(name).ports ?? []).map((port) => {
    if (typeof port !== 'string') {
      return { hostIp: port.host_ip ?? '', published: Number(interpolate(String(port.published ?? ''))), target: port.target };
    }
    const parts = interpolate(port).split(':');
    const target = Number(parts.pop());
    const published = Number(parts.pop() ?? target);
    return { hostIp: parts.pop() ?? '', published, target };
  });
}

const INFRASTRUCTURE = ['kafka', 'clickhouse', 'redis'] as const;
const PROCESSES = ['gateway', 'ingest', 'workers'] as const;
/** The compiled entry points (deploy/build-services.mjs writes dist/ beside src/). */
const ENTRY_FILES: Record<(typeof PROCESSES)[number], string> = {
  gateway: 'services/gateway/dist/server.js',
  ingest: 'services/ingest/dist/main.js',
  workers: 'services/workers/dist/main.js',
};
/** What a compiled process command starts with: plain node, workspace packages resolved to dist/. */
const NODE_COMPILED = ['node', '--conditions=ust-compiled'];
/** The TypeScript file a compiled entry point is built from. */
const sourceOf = (compiled: string) => compiled.replace('/dist/', '/src/').replace(/\.js$/, '.ts');

describe('docker-compose.yml', () => {
  it('runs Kafka, ClickHouse, Redis and the gateway, ingest and workers processes', () => {
    for (const name of [...INFRASTRUCTURE, ...PROCESSES]) expect(compose.services, name).toHaveProperty(name);
  });

  it('takes every infrastructure version from .env, and .env pins the versions decided', () => {
    expect(service('kafka').image).toBe('apache/kafka:${KAFKA_VERSION}');
    expect(service('clickhouse').image).toBe('clickhouse/clickhouse-server:${CLICKHOUSE_VERSION}');
    expect(service('redis').image).toBe('redis:${REDIS_VERSION}');
    // docs/decisions/0024-kafka-version.md: Kafka 4.1.1.
    expect(dotenv.KAFKA_VERSION).toBe('4.1.1');
    // Written nowhere else in the file.
    for (const variable of ['KAFKA_VERSION', 'CLICKHOUSE_VERSION', 'REDIS_VERSION']) {
      expect(dotenv[variable], `${variable} in .env`).toMatch(/^\d+(\.\d+)*$/);
      expect(composeText, `${variable} written out in docker-compose.yml`).not.toContain(`:${dotenv[variable]}`);
    }
  });

  it('runs the ClickHouse major that chDB embeds (docs/decisions/0028-service-images.md)', () => {
    const requireFromPlatform = createRequire(path.join(root, 'services/platform/package.json'));
    const chdb = JSON.parse(fs.readFileSync(requireFromPlatform.resolve('chdb/package.json'), 'utf8')) as {
      optionalDependencies?: Record<string, string>;
    };
    const engine = chdb.optionalDependencies?.['@chdb/lib-linux-x64-gnu'];
    expect(engine, 'libchdb version in chdb/package.json').toMatch(/^\d+\./);
    expect(dotenv.CLICKHOUSE_VERSION?.split('.')[0]).toBe(engine?.split('.')[0]);
  });

  it('runs the same images as the testcontainers path of the test harness', () => {
    const images = pinnedImages(readPinnedVersions(path.join(root, '.env')));
    expect(interpolate(service('kafka').image ?? '')).toBe(images.kafka);
    expect(interpolate(service('clickhouse').image ?? '')).toBe(images.clickhouse);
    expect(interpolate(service('redis').image ?? '')).toBe(images.redis);
  });

  it('builds the three processes as one image from deploy/Dockerfile, each with its own entry point', () => {
    const images = new Set<string | undefined>();
    for (const name of PROCESSES) {
      const { build, image } = service(name);
      expect(build, name).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile' });
      images.add(image);
      expect(commandOf(name), `${name} command`).toEqual([...NODE_COMPILED, ENTRY_FILES[name]]);
    }
    expect(images.size).toBe(1);
  });

  it('starts every process with plain node from a compiled file whose source exists', () => {
    for (const name of [...PROCESSES, 'identity']) {
      const command = commandOf(name);
      expect(command.slice(0, 2), name).toEqual(NODE_COMPILED);
      expect(command.join(' '), name).not.toContain('tsx');
      const file = command[2] ?? '';
      expect(file, name).toMatch(/^services\/[a-z-]+\/dist\/.+\.js$/);
      expect(fs.existsSync(path.join(root, sourceOf(file))), `${name}: ${sourceOf(file)}`).toBe(true);
    }
  });

  it('gives every service a health check', () => {
    for (const [name, { healthcheck }] of Object.entries(compose.services)) {
      expect(healthcheck?.disable, name).not.toBe(true);
      expect(healthcheck?.test, name).toBeTruthy();
      expect([healthcheck?.test].flat().join(' ').length, name).toBeGreaterThan(10);
    }
  });

  it('checks the gateway on its /health route and port, and ingest and workers by their heartbeat file', () => {
    const gatewayCheck = [service('gateway').healthcheck?.test].flat().join(' ');
    expect(gatewayCheck).toContain(`:${environmentOf('gateway').PORT}/health`);
    for (const name of ['ingest', 'workers']) {
      // The contract documented in docker-compose.yml and kept by platform's startHeartbeat().
      expect([service(name).healthcheck?.test].flat().join(' '), name).toContain("statSync('/tmp/heartbeat')");
    }
  });

  it('starts the processes only once Kafka, ClickHouse and Redis are healthy', () => {
    for (const name of PROCESSES) {
      const dependsOn = service(name).depends_on;
      expect(Array.isArray(dependsOn), `${name} depends_on needs conditions`).toBe(false);
      for (const dependency of INFRASTRUCTURE) {
        expect((dependsOn as Record<string, { condition?: string }>)[dependency]?.condition, `${name} -> ${dependency}`).toBe('service_healthy');
      }
    }
  });

  it('sets only variables the configuration schema knows on the processes', () => {
    const known = Object.keys(ConfigSchema.properties);
    for (const name of [...PROCESSES, 'identity']) {
      for (const variable of Object.keys(environmentOf(name))) expect(known, `${name}: ${variable}`).toContain(variable);
    }
  });

  it('gives every process the production adapters', () => {
    for (const name of PROCESSES) {
      const environment = environmentOf(name);
      for (const variable of ['CLICKHOUSE_URL', 'KAFKA_BROKERS', 'REDIS_URL']) expect(environment[variable], `${name}: ${variable}`).toBeTruthy();
    }
  });

  it('points KAFKA_BROKERS at a listener the kafka service advertises and listens on', () => {
    const kafka = environmentOf('kafka');
    const advertised = kafkaListeners(kafka.KAFKA_ADVERTISED_LISTENERS);
    const listening = kafkaListeners(kafka.KAFKA_LISTENERS);
    const protocols = new Map((kafka.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP ?? '').split(',').map((entry) => entry.split(':') as [string, string]));
    for (const name of PROCESSES) {
      for (const broker of (environmentOf(name).KAFKA_BROKERS ?? '').split(',')) {
        const [host, port] = broker.split(':');
        expect(host, `${name}: KAFKA_BROKERS host is the compose service`).toBe('kafka');
        const listener = advertised.find((candidate) => candidate.host === host && candidate.port === Number(port));
        expect(listener, `${name}: ${broker} is advertised`).toBeDefined();
        expect(listening.find((candidate) => candidate.name === listener?.name)?.port).toBe(Number(port));
        // kafkajs is configured without TLS or SASL.
        expect(protocols.get(listener?.name ?? '')).toBe('PLAINTEXT');
        expect(listener?.name).not.toBe(kafka.KAFKA_CONTROLLER_LISTENER_NAMES);
      }
    }
  });

  it('runs Kafka as one KRaft broker and controller with replication factors 1 and a persistent log directory', () => {
    const kafka = environmentOf('kafka');
    expect(kafka.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.CLUSTER_ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const controller = kafkaListeners(kafka.KAFKA_LISTENERS).find((listener) => listener.name === kafka.KAFKA_CONTROLLER_LISTENER_NAMES);
    expect(kafka.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe(`${kafka.KAFKA_NODE_ID}@kafka:${controller?.port}`);
    expect(kafkaListeners(kafka.KAFKA_ADVERTISED_LISTENERS).map((listener) => listener.name)).not.toContain(kafka.KAFKA_CONTROLLER_LISTENER_NAMES);
    // An explicit 0.0.0.0 would be copied into advertised.listeners and rejected by the broker.
    expect(kafka.KAFKA_LISTENERS).not.toContain('0.0.0.0');
    const factors = Object.entries(kafka).filter(([variable]) => /REPLICATION_FACTOR|MIN_ISR/.test(variable));
    expect(factors.map(([variable]) => variable)).toEqual(
      expect.arrayContaining([
        'KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR',
        'KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR',
        'KAFKA_TRANSACTION_STATE_LOG_MIN_ISR',
      ]),
    );
    for (const [variable, value] of factors) expect(value, variable).toBe('1');
    const dataVolume = (service('kafka').volumes ?? []).find((volume) => typeof volume === 'string' && volume.endsWith(`:${kafka.KAFKA_LOG_DIRS}`));
    expect(dataVolume, 'KAFKA_LOG_DIRS is on a volume').toBeDefined();
  });

  it('publishes the Kafka host listener on the port it advertises to the host', () => {
    const kafka = environmentOf('kafka');
    const forHost = kafkaListeners(kafka.KAFKA_ADVERTISED_LISTENERS).find((listener) => listener.host === 'localhost');
    expect(forHost?.port).toBe(29092);
    expect(publishedPorts('kafka')).toContainEqual({ hostIp: '127.0.0.1', published: 29092, target: 29092 });
    expect(kafkaListeners(kafka.KAFKA_LISTENERS).find((listener) => listener.name === forHost?.name)?.port).toBe(29092);
  });

  it('points CLICKHOUSE_* at the server, database and user the clickhouse service creates', () => {
    const server = environmentOf('clickhouse');
    const overrides = fs
      .readdirSync(path.join(root, 'deploy/clickhouse/config.d'))
      .map((file) => fs.readFileSync(path.join(root, 'deploy/clickhouse/config.d', file), 'utf8'))
      .join('\n');
    const httpPort = Number(/<http_port>(\d+)<\/http_port>/.exec(overrides)?.[1] ?? 8123); // the image's default
    for (const name of PROCESSES) {
      const environment = environmentOf(name);
      const url = new URL(environment.CLICKHOUSE_URL ?? '');
      expect(`${url.protocol}//${url.hostname}:${url.port}`, name).toBe(`http://clickhouse:${httpPort}`);
      expect(environment.CLICKHOUSE_DATABASE, name).toBe(server.CLICKHOUSE_DB);
      expect(environment.CLICKHOUSE_USER, name).toBe(server.CLICKHOUSE_USER);
      expect(environment.CLICKHOUSE_PASSWORD, name).toBe(server.CLICKHOUSE_PASSWORD);
    }
    // The image gives a user without a password no network access: the services could not connect.
    expect(server.CLICKHOUSE_PASSWORD).not.toBe('');
    expect(service('clickhouse').ulimits?.nofile).toEqual({ soft: 262144, hard: 262144 });
  });

  it('points REDIS_URL at the redis service, which keeps every key (noeviction) and persists to its AOF', () => {
    const command = commandOf('redis');
    const option = (flag: string) => command[command.indexOf(flag) + 1];
    const port = command.includes('--port') ? Number(option('--port')) : 6379;
    for (const name of PROCESSES) expect(environmentOf(name).REDIS_URL, name).toBe(`redis://redis:${port}`);
    expect(option('--maxmemory-policy')).toBe('noeviction');
    expect(option('--appendonly')).toBe('yes');
  });

  it('publishes the gateway on 8080, the port it listens on', () => {
    expect(environmentOf('gateway').PORT).toBe('8080');
    expect(publishedPorts('gateway')).toContainEqual({ hostIp: '', published: 8080, target: 8080 });
  });

  it('runs the identity provider from the same image on 8081, checked on its /health route (docs/decisions/0006-identity-container.md)', () => {
    const identity = service('identity');
    expect(identity.build).toEqual(service('gateway').build);
    expect(identity.image).toBe(service('gateway').image);
    expect(commandOf('identity')).toEqual([...NODE_COMPILED, 'services/identity/dist/main.js']);
    expect(environmentOf('identity')).toMatchObject({ PORT: '8081', HOST: '0.0.0.0' });
    expect(publishedPorts('identity')).toContainEqual({ hostIp: '', published: 8081, target: 8081 });
    expect([identity.healthcheck?.test].flat().join(' ')).toContain(`:${environmentOf('identity').PORT}/health`);
  });

  it('keeps the identity keys and accounts on a volume at its DATA_DIR, and starts without the infrastructure it does not use', () => {
    const dataDir = environmentOf('identity').DATA_DIR ?? runtimeEnvironment.DATA_DIR;
    expect(service('identity').volumes).toContain(`identity-data:${dataDir}`);
    expect(service('identity').depends_on).toBeUndefined();
    for (const variable of ['CLICKHOUSE_URL', 'KAFKA_BROKERS', 'REDIS_URL']) expect(environmentOf('identity')).not.toHaveProperty(variable);
  });

  it('points the gateway at the identity service: the issuer the browser reaches, its keys over the compose network, one audience', () => {
    const gateway = loadConfig(environmentOf('gateway'));
    const identity = loadConfig(environmentOf('identity'));
    expect(gateway.oidcIssuer).toBe('http://localhost:8081/idp');
    expect(identity.oidcIssuer).toBe(gateway.oidcIssuer);
    // The browser reaches the issuer on the port the identity service publishes.
    const issuer = new URL(identity.oidcIssuer);
    expect(publishedPorts('identity')).toContainEqual(expect.objectContaining({ published: Number(issuer.port), target: identity.PORT }));
    // The gateway fetches the keys by the compose service name, on the port identity listens on.
    const jwks = new URL(gateway.OIDC_JWKS_URL ?? '');
    expect(jwks.host).toBe(`identity:${identity.PORT}`);
    expect(jwks.pathname).toBe(`${issuer.pathname}/jwks`);
    // Tokens carry the audience the gateway checks, for the client and web origin the gateway serves.
    expect(identity.oidcAudience).toBe(gateway.oidcAudience);
    expect(identity.publicUrl).toBe(gateway.publicUrl);
    expect(identity.OIDC_CLIENT_ID).toBe(gateway.OIDC_CLIENT_ID);
  });

  it('declares every named volume it mounts, and every bind-mounted file exists', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, { volumes = [] }] of Object.entries(compose.services)) {
      for (const volume of volumes) {
        const source = typeof volume === 'string' ? (volume.split(':')[0] ?? '') : (volume.source ?? '');
        if (/^[./~]/.test(source)) expect(fs.existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true);
        else expect(declared, `${name}: volume ${source}`).toContain(source);
      }
    }
    expect(declared).toEqual(expect.arrayContaining(['kafka-data', 'clickhouse-data', 'redis-data']));
  });
});

// --- deploy/Dockerfile --------------------------------------------------------------------

/** Instructions with continuation lines joined and comments dropped. */
const instructions = readText('deploy/Dockerfile')
  .replace(/\\\r?\n/g, ' ')
  .split(/\r?\n/)
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const argsOf = (keyword: string) => instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
const stages = argsOf('FROM');
/** Stage names (`FROM image AS name`), which a later FROM may start from instead of an image. */
const stageNames = stages.map((stage) => /\sAS\s+(\S+)/i.exec(stage)?.[1]).filter((name) => name !== undefined);
/** The last stage: what the image runs. */
const runtime = instructions.slice(instructions.map((instruction) => instruction.keyword).lastIndexOf('FROM'));
const runtimeEnvironment: Record<string, string> = Object.fromEntries(
  runtime
    .filter((instruction) => instruction.keyword === 'ENV')
    .flatMap((instruction) => instruction.args.split(/\s+/))
    .map((pair) => pair.split('=') as [string, string]),
);

describe('deploy/Dockerfile', () => {
  it('builds on a glibc Debian image of a Node LTS line from 22 on, never Alpine (libchdb ships only glibc builds)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const images = stages.map((stage) => stage.split(/\s+/)[0] ?? '').filter((image) => !stageNames.includes(image));
    expect(images.length).toBeGreaterThanOrEqual(1);
    for (const image of images) {
      const match = /^node:(\d+)(\.[\d.]+)?-(bookworm|trixie)(-slim)?$/.exec(image);
      expect(match, image).not.toBeNull();
      const major = Number(match?.[1]);
      // Even major versions become LTS; odd ones never do.
      expect(major % 2, image).toBe(0);
      expect(major, image).toBeGreaterThanOrEqual(22);
    }
    // The image the processes run on is the Node image itself, not a stage with the build tools.
    expect(images).toContain(stages.at(-1)?.split(/\s+/)[0]);
  });

  it('installs the pnpm of packageManager and exactly the lockfile', () => {
    const packageManager = (JSON.parse(readText('package.json')) as { packageManager?: string }).packageManager ?? '';
    const runs = argsOf('RUN').join('\n');
    expect(runs).toContain(`npm i -g ${packageManager}`);
    expect(runs).toMatch(/pnpm install --frozen-lockfile/);
    expect(runs).toContain('pnpm --filter @ust/web build');
    expect(runs).toContain('node deploy/build-services.mjs');
  });

  it('gives the runtime stage production dependencies only', () => {
    const runs = argsOf('RUN').join('\n');
    expect(runs).toMatch(/pnpm install --prod --frozen-lockfile/);
    expect(runs).toContain('deploy/stage-runtime.sh');
    // Without other systems' binaries nor the Node the workspace pins for development (0130).
    expect(runs).toMatch(/pnpm install --prod [^\n]*&& bash \S*trim-runtime-tree\.sh \/app/);
    // The runtime stage copies the staged tree with its production install, never the build's node_modules.
    const copies = runtime.filter((instruction) => instruction.keyword === 'COPY').map((instruction) => instruction.args);
    expect(copies).toEqual([expect.stringMatching(/^--from=prod-deps \/app \.\/$/)]);
    expect(runtime.some((instruction) => instruction.keyword === 'RUN' && /pnpm install|npm i/.test(instruction.args))).toBe(false);
  });

  it('runs as a non-root user with the container settings the services read', () => {
    const user = runtime.filter((instruction) => instruction.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtimeEnvironment).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', WEB_DIST_DIR: '/app/web/dist' });
    const known = Object.keys(ConfigSchema.properties);
    for (const variable of Object.keys(runtimeEnvironment)) expect(known, variable).toContain(variable);
  });

  it('starts the gateway by default, compiled, with plain node', () => {
    const command = JSON.parse(argsOf('CMD').at(-1) ?? '[]') as string[];
    expect(command).toEqual([...NODE_COMPILED, ENTRY_FILES.gateway]);
    expect(fs.existsSync(path.join(root, sourceOf(ENTRY_FILES.gateway)))).toBe(true);
    for (const args of [...argsOf('CMD'), ...argsOf('ENTRYPOINT')]) expect(args).not.toContain('tsx');
  });

  it('leaves local installs, data, secrets and downloaded jars out of the build context', () => {
    const ignored = readText('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', 'data', '.env', '.git', 'deploy/local/kafka/libs', 'web/dist']));
    for (const needed of ['pnpm-lock.yaml', 'package.json', 'schemas', 'services', 'web']) expect(ignored).not.toContain(needed);
  });
});
