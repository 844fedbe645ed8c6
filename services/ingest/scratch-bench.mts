import { createChdbStore, applyMigrations, migrationsDirectory, createLogger, createKafkaEventLog, createInProcessEventLog } from '@ust/platform';
import { mkdtemp } from 'node:fs/promises';
import { randomUUID, randomBytes } from 'node:crypto';
import { startConsumer } from './src/consumer.ts';
import { telemetryLogsConsumer } from './src/consumers/telemetry-logs.consumer.ts';
const log = createLogger('b', { level: 'silent' });
const store = await createChdbStore({ path: await mkdtemp('/tmp/chb-'), database: 'b' });
await applyMigrations(store, migrationsDirectory, log);
const N = Number(process.env.N ?? 60000);
let inserts = 0;
const countingStore = new Proxy(store, { get: (t, p) => p === 'insert' ? (async (...a: any[]) => { inserts++; return (t as any).insert(...a); }) : (t as any)[p] });
for (const adapter of (process.env.ADAPTERS ?? 'kafka').split(',')) for (const members of (process.env.MEMBERS ?? '1,3').split(',').map(Number)) {
  const events = adapter === 'kafka' ? createKafkaEventLog({ brokers: ['127.0.0.1:37637'], clientId: 'bench', logger: log, sessionTimeoutMs: 6000 }) : createInProcessEventLog();
  const s = randomBytes(4).toString('hex');
  const topic = `bench.logs.${s}`;
  await events.ensureTopics([{ topic }, { topic: `bench.dlq.${s}` }]);
  const now = Date.now();
  const msgs = Array.from({ length: N }, (_, i) => { const id = randomUUID(); return { key: id, value: JSON.stringify({ event_id: id, timestamp: new Date(now - i).toISOString(), received_at: new Date(now).toISOString(), source: 'gateway', level: 'INFO', category: 'API_REQUEST', message: 'GET /api/facilities/:id 200', context: '', user_id: 'auth0|abcdef0123456789', session_id: 'sess-0123456789abcdef', url: null, user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', method: 'GET', endpoint: '/api/facilities/:id', status_code: 200, duration_ms: 3.25, request_id: 'req-' + i }) }; });
  console.log('bytes/msg', msgs[0]!.value.length);
  for (let i = 0; i < N; i += 1000) await events.publish(topic, msgs.slice(i, i + 1000));
  const before = (await store.query<{ n: number }>('SELECT count() n FROM logs'))[0]!.n;
  inserts = 0;
  const t0 = Date.now();
  const c = await startConsumer(telemetryLogsConsumer({ store: countingStore, topic, groupId: `bench-${s}`, deadLetterTopic: `bench.dlq.${s}`, members }), { events, log });
  await c.subscription.ready;
  const t1 = Date.now();
  for (;;) { const n = (await store.query<{ n: number }>('SELECT count() n FROM logs'))[0]!.n - before; if (n >= N) break; await new Promise(r => setTimeout(r, 50)); }
  const t2 = Date.now();
  console.log(adapter, 'members', members, 'ready ms', t1 - t0, 'ingest ms', t2 - t1, 'rate/s', Math.round(N / ((t2 - t1) / 1000)), 'inserts', inserts, 'batches', c.stats.batches);
  await c.subscription.close(); await events.close();
}
await store.close();
