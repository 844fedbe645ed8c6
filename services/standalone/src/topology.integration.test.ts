/**
 * The platform as deploy/k8s runs it, on the production adapters: a Kafka broker of its own, a
 * redis-server for BullMQ and the cache, two gateway instances and one workers instance (with the
 * ingest consumers beside it), each with its own private folder, sharing only the broker, Redis,
 * one analytics store and the uploads volume. The store is one chDB engine in this process (a
 * ClickHouse server in production; none runs here), which every instance reaches as it would
 * reach the server. What a user starts on one gateway is followed, listed and downloaded on the
 * other; the workers do every job and a new workers instance resumes what a stopped one left;
 * a sign-in on one gateway is refreshed on the other, and after both restart.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway, startEmbeddedIdentity } from '@ust/gateway';
import { multipartBody } from '@ust/gateway/testing';
import { findDemoAccount, type DemoAccount, type EmbeddedIdentity } from '@ust/identity';
import { browser, CookieJar, signInThroughInject, type TokenSet } from '@ust/identity/testing';
import type { IngestHandle } from '@ust/ingest';
import { startIngestWhenCoordinatorReady } from '@ust/ingest/testing';
import {
  applyMigrations,
  createBullMqJobQueue,
  createChdbStore,
  createKafkaEventLog,
  createLogger,
  createRedisCache,
  loadConfig,
  migrationsDirectory,
  type AnalyticsStore,
  type Cache,
  type Config,
  type Ports,
} from '@ust/platform';
import { startKafkaBroker, type RestartableKafkaBroker } from '@ust/platform/testing';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';
import { readScreeningRecord } from '@ust/read-model';
import type { ImportRun, ScreeningResult, ScreeningRun } from '@ust/schemas';
import { startWorkers, type WorkersHandle } from '@ust/workers';
import { eventually } from './telemetry-probe.js';

const log = createLogger('topology', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
/** The one address browsers use for both gateways (behind one load balancer), so one issuer. */
const PUBLIC_URL = 'http://localhost:18080';
const DE_FOLDER = path.join(FIXTURES_DIRECTORY, 'epa-template', 'DE', 'UST');
const SCREENING_ROWS = 6_000;

/** The production ports of one instance: its own broker, queue and cache clients; the shared store. */
function productionPorts(name: string, broker: string, redisUrl: string, namespace: string, store: AnalyticsStore): Ports & { close(): Promise<void> } {
  const events = createKafkaEventLog({ brokers: [broker], clientId: `topology-${name}`, logger: log });
  const jobs = createBullMqJobQueue({ url: redisUrl, prefix: `${namespace}bull`, logger: log });
  const redis = createRedisCache({ url: redisUrl, logger: log });
  const cache: Cache = redis.withPrefix(namespace);
  return {
    store,
    events,
    jobs,
    cache,
    async close() {
      await Promise.allSettled([events.close(), jobs.close()]);
      await redis.close();
    },
  };
}

interface GatewayInstance {
  gateway: FastifyInstance;
  identity: EmbeddedIdentity;
  config: Readonly<Config>;
  close(): Promise<void>;
}

interface WorkersInstance {
  ingest: IngestHandle;
  workers: WorkersHandle;
  close(): Promise<void>;
}

describe('two gateways and one workers instance on the production adapters', () => {
  let broker: RestartableKafkaBroker;
  let store: AnalyticsStore;
  let root: string;
  let uploadsDir: string;
  const namespace = `topology:${randomUUID()}:`;
  const gateways: Record<'a' | 'b', GatewayInstance | undefined> = { a: undefined, b: undefined };
  let backend: WorkersInstance | undefined;
  let admin: DemoAccount;

  async function startGateway(name: 'a' | 'b'): Promise<GatewayInstance> {
    const ports = productionPorts(`gateway-${name}`, broker.url, inject('redisUrl'), namespace, store);
    const config = loadConfig({
      DATA_DIR: path.join(root, `gateway-${name}`),
      UPLOADS_DIR: uploadsDir,
      PUBLIC_URL,
      KAFKA_BROKERS: broker.url,
      REDIS_URL: inject('redisUrl'),
      DEMO_SCALE: 'none',
    });
    const identity = await startEmbeddedIdentity(config, ports, log);
    const gateway = await buildGateway({ config, ports, logger: log, identity });
    await gateway.ready();
    return {
      gateway,
      identity,
      config,
      async close() {
        await gateway.close();
        await ports.close();
      },
    };
  }

  async function startBackend(name: string): Promise<WorkersInstance> {
    const ports = productionPorts(name, broker.url, inject('redisUrl'), namespace, store);
    const ingest = await startIngestWhenCoordinatorReady({ ...ports, log });
    const workers = await startWorkers({ ...ports, log });
    return {
      ingest,
      workers,
      async close() {
        await workers.close();
        await ingest.close();
        await ports.close();
      },
    };
  }

  const a = () => gateways.a!.gateway;
  const b = () => gateways.b!.gateway;
  const bearer = (on: GatewayInstance) => on.identity.issueAccessToken(admin).then((token) => ({ authorization: `Bearer ${token}` }));
  const call = async (
    gateway: FastifyInstance,
    url: string,
    method: 'GET' | 'POST' = 'GET',
    extra: { headers?: Record<string, string>; payload?: Buffer } = {},
  ) => gateway.inject({ method, url, headers: { ...(await bearer(gateway === a() ? gateways.a! : gateways.b!)), ...extra.headers }, payload: extra.payload });

  beforeAll(async () => {
    broker = await startKafkaBroker();
    root = await mkdtemp(path.join(os.tmpdir(), 'ust-topology-'));
    uploadsDir = path.join(root, 'uploads-volume');
    store = await createChdbStore({ path: path.join(root, 'analytics-store'), database: 'topology' });
    await applyMigrations(store, migrationsDirectory);
    backend = await startBackend('workers-1');
    gateways.a = await startGateway('a');
    // The signing keys and demo accounts are a secret both replicas mount: B gets A's.
    await cp(path.join(root, 'gateway-a', 'identity'), path.join(root, 'gateway-b', 'identity'), { recursive: true });
    gateways.b = await startGateway('b');
    admin = findDemoAccount(gateways.a.identity.accounts, 'admin') as DemoAccount;
  }, 240_000);
  afterAll(async () => {
    await gateways.a?.close();
    await gateways.b?.close();
    await backend?.close();
    await store?.close();
    await broker?.stop();
  }, 120_000);

  it('takes an import uploaded through A live, and B lists it with its rejects', async () => {
    const files = await Promise.all(
      (await readdir(DE_FOLDER)).map(async (name) => ({ name: `DE/UST/${name}`, content: await readFile(path.join(DE_FOLDER, name)) })),
    );
    const { payload, headers } = await multipartBody(files, 'files');
    const accepted = await call(a(), '/api/admin/imports', 'POST', { headers, payload });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { id } = accepted.json<{ id: string }>();
    // Saved on the shared volume, not in A's own folder.
    expect(await readdir(path.join(uploadsDir, id, 'DE', 'UST'))).toEqual(expect.arrayContaining(files.map((file) => path.basename(file.name))));

    const live = await eventually(
      `import ${id} on B`,
      async () => {
        const run = (await call(b(), '/api/admin/imports')).json<{ imports: ImportRun[] }>().imports.find((entry) => entry.id === id);
        return run?.status === 'live' || run?.status === 'failed' ? run : undefined;
      },
      180_000,
    );
    expect(live).toMatchObject({ status: 'live', source: 'upload', states: ['DE'] });
    expect(live.accepted).toBeGreaterThan(0);
    const rejects = await call(b(), `/api/admin/imports/${id}/rejects`);
    expect(rejects.statusCode).toBe(200);
    const rejectLines = rejects.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rejectLines[0]).toBe('file,line,field,value,reason');
    // One line per rejected or repaired field: at least one per rejected row and per warning.
    expect(rejectLines.length - 1).toBeGreaterThanOrEqual(live.rejected + live.warnings);
    expect((await call(a(), `/api/admin/imports/${id}/rejects`)).body).toBe(rejects.body);
  }, 240_000);

  it('screens a portfolio uploaded to A on the workers, B downloads it, and a new workers instance resumes a stopped one, every row once', async () => {
    const lines = [
      'ref,latitude,longitude',
      ...Array.from(
        { length: SCREENING_ROWS },
        (_, index) => `R-${index},${(39.1 + (index % 97) * 0.003).toFixed(4)},${(-75.5 - (index % 89) * 0.003).toFixed(4)}`,
      ),
    ];
    const { payload, headers } = await multipartBody([{ name: 'book.csv', content: lines.join('\n') }], 'file');
    const accepted = await call(a(), '/api/screenings', 'POST', { headers, payload });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { id } = accepted.json<{ id: string }>();
    const screeningOn = async (gateway: FastifyInstance) => (await call(gateway, `/api/screenings/${id}`)).json<ScreeningRun>();

    await eventually('the screening under way, seen from B', async () => {
      const screening = await screeningOn(b());
      return screening.status === 'running' && screening.rows_done > 0 ? screening : undefined;
    });
    // The workers stop mid-screening; another instance takes over.
    await backend!.close();
    const paused = (await readScreeningRecord(store, id))!;
    expect(paused).toMatchObject({ status: 'running', runs: 1 });
    expect(paused.rows_done).toBeLessThan(SCREENING_ROWS);
    backend = await startBackend('workers-2');

    const done = await eventually(
      'the screening done, seen from B',
      async () => {
        const screening = await screeningOn(b());
        return screening.status === 'done' || screening.status === 'failed' ? screening : undefined;
      },
      180_000,
    );
    expect(done).toMatchObject({ status: 'done', rows_done: SCREENING_ROWS, rows_total: SCREENING_ROWS });
    expect(await readScreeningRecord(store, id)).toMatchObject({ runs: 2 });
    const rows = (await call(b(), `/api/screenings/${id}/rows`)).json<ScreeningResult>().rows;
    expect(rows.map((row) => row.reference)).toEqual(Array.from({ length: SCREENING_ROWS }, (_, index) => `R-${index}`));

    const csv = await call(b(), `/api/screenings/${id}/export/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(SCREENING_ROWS + 1);
    const xlsx = await call(b(), `/api/screenings/${id}/export/xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Locations')!.rowCount).toBe(SCREENING_ROWS + 1);
    const pdf = await call(b(), `/api/screenings/${id}/summary.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 400_000);

  it('refreshes on B a sign-in made on A, and again after both restart', async () => {
    const issuer = gateways.a!.config.oidcIssuer;
    const clientId = gateways.a!.config.OIDC_CLIENT_ID;
    const refresh = async (gateway: FastifyInstance, refreshToken: string) => {
      const response = await browser(gateway, issuer).request('POST', `${issuer}/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
      });
      return { status: response.statusCode, body: response.json<TokenSet>() };
    };
    const signedIn = await signInThroughInject(a(), {
      issuer,
      clientId,
      redirectUri: `${PUBLIC_URL}/callback`,
      email: admin.email,
      password: admin.password,
      jar: new CookieJar(),
    });
    const onB = await refresh(b(), signedIn.refresh_token!);
    expect(onB.status).toBe(200);
    // B's token opens B's API: the same issuer and keys on both.
    expect(
      (await b().inject({ method: 'GET', url: '/api/facilities-statistics', headers: { authorization: `Bearer ${onB.body.access_token}` } })).statusCode,
    ).toBe(200);

    await gateways.a!.close();
    await gateways.b!.close();
    gateways.a = await startGateway('a');
    gateways.b = await startGateway('b');
    const afterRestart = await refresh(b(), onB.body.refresh_token!);
    expect(afterRestart.status).toBe(200);
    expect(
      (await a().inject({ method: 'GET', url: '/api/facilities-statistics', headers: { authorization: `Bearer ${afterRestart.body.access_token}` } }))
        .statusCode,
    ).toBe(200);
  }, 120_000);
});
