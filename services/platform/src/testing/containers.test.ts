import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  KAFKA_CONTAINER_PORTS,
  PINNED_VERSIONS_FILE,
  dockerAvailable,
  kafkaAdvertisedListeners,
  kafkaKraftEnvironment,
  kafkaStartCommand,
  pinnedImages,
  readPinnedVersions,
  startRedisContainer,
  testcontainersNodeProblem,
} from './containers.js';

let scratch: string;
const servers: net.Server[] = [];
const connections = new Set<net.Socket>();

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ust-docker-probe-'));
});

afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(scratch, { recursive: true, force: true });
});

function listenOnSocket(server: net.Server, name: string): Promise<string> {
  const socketPath = path.join(scratch, name);
  servers.push(server);
  server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  return new Promise((resolve) => server.listen(socketPath, () => resolve(socketPath)));
}

describe('dockerAvailable', () => {
  /** Runs `probe` with setTimeout frozen: only the timers `advanceMs` lets pass can fire. */
  async function withFrozenTimers<T>(probe: () => Promise<T>, advanceMs: number): Promise<T> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answer = probe();
      await vi.advanceTimersByTimeAsync(advanceMs);
      return await answer;
    } finally {
      vi.useRealTimers();
    }
  }

  it('answers false at once when no socket exists at the path', async () => {
    // No timer may pass: an answer that waited for its timeout would never come.
    expect(await withFrozenTimers(() => dockerAvailable({ dockerHost: undefined, socketPaths: [path.join(scratch, 'absent.sock')] }), 0)).toBe(false);
  });

  it('answers false when the path is not a listening socket', async () => {
    const notASocket = path.join(scratch, 'plain-file.sock');
    fs.writeFileSync(notASocket, '');
    expect(await dockerAvailable({ dockerHost: `unix://${notASocket}` })).toBe(false);
  });

  it('answers false within the timeout when something accepts but never answers', async () => {
    const silent = await listenOnSocket(
      net.createServer(() => {}),
      'silent.sock',
    );
    // Only the 200 ms asked for may pass: an answer that waited longer would never come.
    expect(await withFrozenTimers(() => dockerAvailable({ dockerHost: undefined, socketPaths: [silent], timeoutMs: 200 }), 200)).toBe(false);
  });

  it('answers false for an HTTP server that is not a Docker engine', async () => {
    const other = await listenOnSocket(
      http.createServer((_request, response) => response.writeHead(404).end('Not Found')),
      'not-docker.sock',
    );
    expect(await dockerAvailable({ dockerHost: `unix://${other}` })).toBe(false);
  });

  it('answers true when GET /_ping answers 200 OK, and asks once', async () => {
    let pings = 0;
    const engine = await listenOnSocket(
      http.createServer((request, response) => {
        if (request.url === '/_ping') pings += 1;
        response.writeHead(request.url === '/_ping' ? 200 : 404, { 'content-type': 'text/plain' }).end('OK');
      }),
      'engine.sock',
    );
    const options = { dockerHost: undefined, socketPaths: [path.join(scratch, 'absent.sock'), engine] };
    expect(await dockerAvailable(options)).toBe(true);
    expect(await dockerAvailable(options)).toBe(true);
    expect(pings).toBe(1);
  });

  it('never rejects, even for a DOCKER_HOST it cannot parse or probe', async () => {
    await expect(dockerAvailable({ dockerHost: 'not a url' })).resolves.toBe(false);
    await expect(dockerAvailable({ dockerHost: 'ssh://user@example.invalid' })).resolves.toBe(false);
  });
});

describe('testcontainers on this Node', () => {
  it('says which Node the installed testcontainers needs when this one is older', () => {
    expect(testcontainersNodeProblem('>= 22.22', '20.20.2')).toBe('the installed testcontainers needs Node >= 22.22, this is Node 20.20.2');
    expect(testcontainersNodeProblem('>=22.22.0', '22.21.9')).toBeDefined();
  });

  it('lets a Node that satisfies the range, or an unknown range, through', () => {
    expect(testcontainersNodeProblem('>= 22.22', '22.22.0')).toBeUndefined();
    expect(testcontainersNodeProblem('>= 22.22', '24.1.0')).toBeUndefined();
    expect(testcontainersNodeProblem('>=20.18.1', '20.19.0')).toBeUndefined();
    expect(testcontainersNodeProblem(undefined, '20.19.0')).toBeUndefined();
    expect(testcontainersNodeProblem('^20 || ^22', '18.0.0')).toBeUndefined();
  });

  it('fails a start with that message instead of crashing inside testcontainers', async () => {
    const { engines } = JSON.parse(
      fs.readFileSync(path.join(path.dirname(PINNED_VERSIONS_FILE), 'services/platform/node_modules/testcontainers/package.json'), 'utf8'),
    ) as { engines?: { node?: string } };
    const problem = testcontainersNodeProblem(engines?.node);
    if (problem) await expect(startRedisContainer()).rejects.toThrow(problem);
    else expect(problem).toBeUndefined(); // this Node runs testcontainers: starting needs a Docker engine, not tested here
  });
});

describe('pinned versions', () => {
  it('reads the versions pinned in the repository .env', () => {
    expect(readPinnedVersions()).toEqual({ kafka: '4.1.1', clickhouse: '26.7', redis: '7.4' });
  });

  it('names the images docker-compose.yml runs', () => {
    expect(pinnedImages({ kafka: '4.1.1', clickhouse: '26.7', redis: '7.4' })).toEqual({
      kafka: 'apache/kafka:4.1.1',
      clickhouse: 'clickhouse/clickhouse-server:26.7',
      redis: 'redis:7.4',
    });
  });

  it('names the variable and the file when a version is missing', () => {
    const partial = path.join(scratch, 'partial.env');
    fs.writeFileSync(partial, '# comment\nKAFKA_VERSION=4.1.1\nREDIS_VERSION="7.4"\n');
    expect(() => readPinnedVersions(partial)).toThrow(`CLICKHOUSE_VERSION is not set in ${partial}`);
  });

  it('reads the .env at the repository root', () => {
    expect(path.basename(PINNED_VERSIONS_FILE)).toBe('.env');
    expect(fs.existsSync(path.join(path.dirname(PINNED_VERSIONS_FILE), 'pnpm-workspace.yaml'))).toBe(true);
  });
});

describe('the Kafka container settings', () => {
  const environment = kafkaKraftEnvironment();
  const listeners = new Map(
    (environment.KAFKA_LISTENERS ?? '').split(',').map((listener) => {
      const [name = '', port = ''] = listener.split(/:\/\/[^:]*:/);
      return [name, Number(port)] as const;
    }),
  );

  it('runs one combined broker and controller in KRaft mode', () => {
    expect(environment.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(environment.CLUSTER_ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(environment.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe(`1@localhost:${listeners.get('CONTROLLER')}`);
  });

  it('gives every listener a protocol and binds them on every interface without a 0.0.0.0 host', () => {
    const protocols = new Map((environment.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP ?? '').split(',').map((entry) => entry.split(':') as [string, string]));
    expect([...listeners.keys()].sort()).toEqual([...protocols.keys()].sort());
    expect(environment.KAFKA_LISTENERS).not.toContain('0.0.0.0');
    expect(listeners.get(environment.KAFKA_INTER_BROKER_LISTENER_NAME ?? '')).toBe(KAFKA_CONTAINER_PORTS.broker);
    expect(listeners.get('CLIENT')).toBe(KAFKA_CONTAINER_PORTS.client);
  });

  it('advertises the published client port to the test process and never the controller', () => {
    expect(kafkaAdvertisedListeners('localhost', 49153)).toBe(`CLIENT://localhost:49153,BROKER://localhost:${KAFKA_CONTAINER_PORTS.broker}`);
    expect(kafkaAdvertisedListeners('localhost', 49153)).not.toContain('CONTROLLER');
  });

  it('keeps every replication factor at 1', () => {
    const factors = Object.entries(environment).filter(([name]) => /REPLICATION_FACTOR|MIN_ISR/.test(name));
    expect(factors.length).toBeGreaterThanOrEqual(4);
    for (const [, value] of factors) expect(value).toBe('1');
  });

  it("hands over to the image's start script once the advertised listeners are written", () => {
    const [shell, flag, script] = kafkaStartCommand();
    expect([shell, flag]).toEqual(['sh', '-c']);
    expect(script).toContain('export KAFKA_ADVERTISED_LISTENERS=');
    expect(script).toMatch(/exec \/etc\/kafka\/docker\/run$/);
  });
});
