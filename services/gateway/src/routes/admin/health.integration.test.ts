/**
 * GET /api/admin/health and POST /api/admin/jobs/{id}/retry on the embedded ports (chDB, the
 * in-process log and runner, the memory cache): who may call them, and the figures they show
 * for lag a test creates, dead letters it records, a job it makes fail and a build it makes live.
 * Then on the production adapters (a real Kafka broker, BullMQ and the cache on a real
 * redis-server): the ports as they are named there, and a failed BullMQ job retried through the API.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBullMqJobQueue, createKafkaEventLog, createLogger, createRedisCache, loadConfig, type Ports } from '@ust/platform';
import { DATASET_POINTER_KEY, datasetKeys, type DatasetBuildMeta } from '@ust/read-model';
import { ConsumerGroups, Queues, Topics, type SystemHealth } from '@ust/schemas';
import { buildGateway } from '../../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../../testing/embedded-test-ports.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';

const log = createLogger('admin-health-test', { level: 'silent' });
const general = { sub: 'local|gina', email: 'gina@example.com', name: 'Gina General' };
const admin = { sub: 'local|ada', email: 'ada@example.com', email_verified: true, name: 'Ada Admin' };

describe('admin System Health', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let ports: Ports;
  let issuer: TestIssuer;
  let adminHeaders: { authorization: string };
  let generalHeaders: { authorization: string };
  const now = Date.now();

  const signIn = async (user: typeof general | typeof admin) => {
    const headers = await issuer.headers(user);
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers,
      payload: { sub: user.sub, email: user.email, name: user.name },
    });
    expect(response.statusCode).toBe(200);
    return headers;
  };
  const health = async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/admin/health', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    return response.json() as SystemHealth;
  };

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('admin-health-test');
    ports = embedded.ports;
    issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, ADMIN_EMAILS: admin.email, RATE_LIMIT_PER_MINUTE: '100000' });
    gateway = await buildGateway({ config, ports, logger: log, signingKeys: issuer.signingKeys });
    adminHeaders = await signIn(admin);
    generalHeaders = await signIn(general);
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('answers 401 without a token and 403 to a user who is not an admin', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/health', undefined],
      ['POST', '/api/admin/jobs/1/retry', { queue: Queues.dataset }],
    ] as const) {
      expect((await gateway.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
      const refused = await gateway.inject({ method, url, headers: generalHeaders, ...(payload ? { payload } : {}) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('shows the four ports with adapter, target, reachability and round-trip time, and empty sections on a fresh platform', async () => {
    const answer = await health();
    expect(answer.ports.map(({ port, adapter, target, reachable }) => ({ port, adapter, target, reachable }))).toEqual([
      { port: 'AnalyticsStore', adapter: 'chdb', target: ports.store.target, reachable: true },
      { port: 'EventLog', adapter: 'in-process', target: 'memory', reachable: true },
      { port: 'JobQueue', adapter: 'in-process', target: 'in-process', reachable: true },
      { port: 'Cache', adapter: 'memory', target: ports.cache.target, reachable: true },
    ]);
    for (const port of answer.ports) expect(port.latency_ms).toBeGreaterThanOrEqual(0);
    // At most the gateway's own request log has been published to yet (the sign-ins, once its
    // buffer flushed); no other topic exists, so no other lag is shown.
    expect(answer.consumer_lag.error).toBeNull();
    for (const { group, topic } of answer.consumer_lag.partitions) expect(`${group} ${topic}`).toBe(`${ConsumerGroups.telemetryLogs} ${Topics.telemetryLogs}`);
    expect(answer.dead_letters).toEqual({ window_minutes: 60, total: 0, by_topic: [], latest: [], error: null });
    expect(answer.job_queues.queues.map(({ queue, waiting, failed }) => ({ queue, waiting, failed }))).toEqual([
      { queue: 'maintenance', waiting: 0, failed: 0 },
      { queue: 'dataset', waiting: 0, failed: 0 },
      { queue: 'imports', waiting: 0, failed: 0 },
      { queue: 'screenings', waiting: 0, failed: 0 },
    ]);
    expect(answer.derived_data).toEqual({ dataset_version: null, built_at: null, age_seconds: null, error: null });
  });

  it('shows the lag of a group that stopped consuming grow as messages are published', async () => {
    const topic = Topics.telemetryActivities;
    await ports.events.ensureTopics([{ topic, partitions: 3 }]);
    await ports.events.publish(topic, [
      { key: 'a', value: '{}' },
      { key: 'b', value: '{}' },
    ]);
    await ports.events.resetOffsets(ConsumerGroups.telemetryActivities, topic, 'latest');
    const lagOf = (answer: SystemHealth) =>
      answer.consumer_lag.partitions.filter((row) => row.group === ConsumerGroups.telemetryActivities && row.topic === topic);
    const before = lagOf(await health());
    expect(before.map(({ partition }) => partition)).toEqual([0, 1, 2]);
    expect(before.reduce((sum, { lag }) => sum + lag, 0)).toBe(0);

    await ports.events.publish(
      topic,
      ['c', 'd', 'e', 'f', 'g'].map((key) => ({ key, value: '{}' })),
    );
    const after = lagOf(await health());
    expect(after.reduce((sum, { lag }) => sum + lag, 0)).toBe(5);
    for (const row of after) expect(row.lag).toBe(Number(row.end) - Number(row.committed));
    expect(after.reduce((sum, { end }) => sum + Number(end), 0)).toBe(7);
  });

  it('counts the dead letters of the last hour per topic and lists the newest reasons first', async () => {
    const row = (minutesAgo: number, topic: string, offset: number, reason: string) => ({
      topic,
      topic_partition: 0,
      topic_offset: offset,
      dead_lettered_at: new Date(now - minutesAgo * 60_000).toISOString(),
      source_topic: topic === Topics.telemetryDeadLetter ? Topics.telemetryLogs : Topics.datasetFacilities,
      reason,
      message_key: `key-${offset}`,
    });
    const rows = [
      row(90, Topics.telemetryDeadLetter, 0, 'older than the window'),
      row(30, Topics.telemetryDeadLetter, 1, 'value is not JSON'),
      row(20, Topics.datasetDeadLetter, 0, '/facility_id must be string'),
      row(10, Topics.telemetryDeadLetter, 2, '/level must be one of ERROR, WARN, INFO, DEBUG'),
    ];
    await ports.store.insert('dead_letters', rows);
    await ports.store.insert('dead_letters', rows.slice(1, 2)); // a batch written twice counts once
    const { dead_letters } = await health();
    expect(dead_letters.total).toBe(3);
    expect(dead_letters.by_topic).toEqual([
      { topic: Topics.telemetryDeadLetter, count: 2 },
      { topic: Topics.datasetDeadLetter, count: 1 },
    ]);
    expect(dead_letters.latest.map(({ topic, source_topic, reason }) => ({ topic, source_topic, reason }))).toEqual([
      { topic: Topics.telemetryDeadLetter, source_topic: Topics.telemetryLogs, reason: '/level must be one of ERROR, WARN, INFO, DEBUG' },
      { topic: Topics.datasetDeadLetter, source_topic: Topics.datasetFacilities, reason: '/facility_id must be string' },
      { topic: Topics.telemetryDeadLetter, source_topic: Topics.telemetryLogs, reason: 'value is not JSON' },
    ]);
    expect(dead_letters.latest[0]!.at).toBe(rows[3]!.dead_lettered_at);
  });

  it('lists a failed job, retries it on request and then shows it no more', async () => {
    let healthy = false;
    const worker = await ports.jobs.process(Queues.maintenance, {
      'prune-dataset-versions': async () => {
        if (!healthy) throw new Error('cache unreachable while pruning');
        return 'pruned';
      },
    });
    try {
      const { id } = await ports.jobs.enqueue(Queues.maintenance, 'prune-dataset-versions', {}, { attempts: 1 });
      expect((await ports.jobs.waitUntilSettled(Queues.maintenance, id)).status).toBe('failed');
      const maintenance = (await health()).job_queues.queues.find(({ queue }) => queue === Queues.maintenance)!;
      expect(maintenance).toMatchObject({
        failed: 1,
        failed_jobs: [{ id, name: 'prune-dataset-versions', reason: 'cache unreachable while pruning', attempts_made: 1 }],
      });

      healthy = true;
      const retry = () => gateway.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: adminHeaders, payload: { queue: Queues.maintenance } });
      const retried = await retry();
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ id, queue: Queues.maintenance, retried: true });
      expect((await ports.jobs.waitUntilSettled(Queues.maintenance, id)).status).toBe('completed');
      const after = (await health()).job_queues.queues.find(({ queue }) => queue === Queues.maintenance)!;
      expect(after).toMatchObject({ failed: 0, failed_jobs: [] });

      const again = await retry();
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(`No failed job ${id} in queue maintenance`);
      const badQueue = await gateway.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: adminHeaders, payload: { queue: 'nope' } });
      expect(badQueue.statusCode).toBe(400);
    } finally {
      await worker.close();
    }
  });

  it('says which dataset version is live and how old its build is', async () => {
    const built = new Date(now - 3_600_000).toISOString();
    const meta: DatasetBuildMeta = {
      dataset_version: 4,
      generated_at: built,
      import_id: null,
      facilities: 1,
      tanks: 2,
      releases: 0,
      sources: { real_facilities: 1, generated_facilities: 0, real_releases: 0, generated_releases: 0 },
    };
    await ports.cache.set(datasetKeys.meta(4), JSON.stringify(meta));
    await ports.cache.set(DATASET_POINTER_KEY, '4');
    const { derived_data } = await health();
    expect(derived_data).toMatchObject({ dataset_version: 4, built_at: built, error: null });
    expect(derived_data.age_seconds).toBeGreaterThanOrEqual(3600);
    expect(derived_data.age_seconds).toBeLessThan(3600 + 120);
  });
});

describe('admin System Health on Kafka, BullMQ and Redis', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let ports: Ports;
  let adminHeaders: { authorization: string };
  // This file's keys and queues live under their own prefixes, apart from other runs on the same Redis.
  const prefix = `test:admin-health:${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('admin-health-production-test');
    const redisUrl = inject('redisUrl');
    ports = {
      store: embedded.ports.store,
      events: createKafkaEventLog({ brokers: inject('kafkaBrokers').split(','), clientId: `admin-health-${prefix}`, logger: log, sessionTimeoutMs: 6000 }),
      jobs: createBullMqJobQueue({ url: redisUrl, prefix: `${prefix}:bull`, logger: log }),
      cache: createRedisCache({ url: redisUrl, logger: log }).withPrefix(`${prefix}:`),
    };
    const issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, ADMIN_EMAILS: admin.email, RATE_LIMIT_PER_MINUTE: '100000' });
    gateway = await buildGateway({ config, ports, logger: log, signingKeys: issuer.signingKeys });
    adminHeaders = await issuer.headers(admin);
    const profile = await gateway.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers: adminHeaders,
      payload: { sub: admin.sub, email: admin.email, name: admin.name },
    });
    expect(profile.statusCode).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.allSettled([ports?.events.close(), ports?.jobs.close(), ports?.cache.close()]);
    await embedded?.close();
  });

  const health = async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/admin/health', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    return response.json() as SystemHealth;
  };

  it('shows the production adapters with their targets, reachable', async () => {
    const answer = await health();
    expect(answer.ports.map(({ port, adapter, mode, target, reachable }) => ({ port, adapter, mode, target, reachable }))).toEqual([
      { port: 'AnalyticsStore', adapter: 'chdb', mode: 'embedded', target: ports.store.target, reachable: true },
      { port: 'EventLog', adapter: 'kafka', mode: 'production', target: inject('kafkaBrokers'), reachable: true },
      { port: 'JobQueue', adapter: 'bullmq', mode: 'production', target: ports.jobs.target, reachable: true },
      { port: 'Cache', adapter: 'redis', mode: 'production', target: ports.cache.target, reachable: true },
    ]);
    expect(answer.consumer_lag.error).toBeNull();
    expect(answer.job_queues.error).toBeNull();
  });

  it('lists a failed BullMQ job and retries it through the API', async () => {
    let healthy = false;
    const worker = await ports.jobs.process(Queues.dataset, {
      'rebuild-dataset': async () => {
        if (!healthy) throw new Error('ClickHouse refused the facility summaries');
        return 'rebuilt';
      },
    });
    try {
      const { id } = await ports.jobs.enqueue(Queues.dataset, 'rebuild-dataset', {}, { jobId: `rebuild-${randomUUID()}`, attempts: 1 });
      expect((await ports.jobs.waitUntilSettled(Queues.dataset, id)).status).toBe('failed');
      const failed = (await health()).job_queues.queues.find(({ queue }) => queue === Queues.dataset)!;
      expect(failed).toMatchObject({
        failed: 1,
        failed_jobs: [{ id, name: 'rebuild-dataset', reason: 'ClickHouse refused the facility summaries', attempts_made: 1 }],
      });

      healthy = true;
      const retried = await gateway.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: adminHeaders, payload: { queue: Queues.dataset } });
      expect(retried.statusCode).toBe(200);
      expect((await ports.jobs.waitUntilSettled(Queues.dataset, id)).status).toBe('completed');
      expect((await health()).job_queues.queues.find(({ queue }) => queue === Queues.dataset)).toMatchObject({ failed: 0, failed_jobs: [] });
    } finally {
      await worker.close();
    }
  });
});
