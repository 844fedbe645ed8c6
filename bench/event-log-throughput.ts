/**
 * EventLog throughput: ~200-byte messages published in batches of 500 (each publish awaited, as
 * the pipelines publish) to a 3-partition topic while one consumer group reads them, three runs
 * per adapter. Kafka is the broker in KAFKA_BROKERS, or a local one started from deploy/local.
 *
 *   npx tsx bench/event-log-throughput.ts [messages]
 */
import { randomUUID } from 'node:crypto';
import { createInProcessEventLog, createKafkaEventLog, createLogger, type EventLog } from '@ust/platform';
import { startKafkaBroker } from '@ust/platform/testing';
import { printTable, rssMegabytes, summarize, type Row } from './table.js';

const totalMessages = Number(process.argv[2] ?? 100_000);
const batchSize = 500;
const runs = 3;
const logger = createLogger('bench', { level: 'warn' });

/** A facility-event-shaped JSON value padded to 200 bytes. */
function messageValue(i: number): string {
  const body = JSON.stringify({ facility_id: `F${i}`, import_id: 'bench', version: 1, state: 'CO', tanks: i % 7, pad: '' });
  return body.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, 200 - body.length))}"`);
}

interface RunResult {
  produceRate: number;
  endToEndRate: number;
  batchMs: number[];
}

async function measureRun(log: EventLog): Promise<RunResult> {
  const topic = `bench-throughput-${randomUUID().slice(0, 8)}`;
  await log.ensureTopics([{ topic, partitions: 3 }]);
  let consumed = 0;
  let allConsumed!: () => void;
  const done = new Promise<void>((resolve) => (allConsumed = resolve));
  const subscription = await log.subscribe({
    groupId: `${topic}-group`,
    topics: [topic],
    fromBeginning: true,
    handleBatch: async (batch) => {
      consumed += batch.messages.length;
      if (consumed >= totalMessages) allConsumed();
    },
  });
  await subscription.ready;
  const values = Array.from({ length: batchSize }, (_, i) => messageValue(i));
  const batchMs: number[] = [];
  const started = performance.now();
  for (let sent = 0; sent < totalMessages; sent += batchSize) {
    const count = Math.min(batchSize, totalMessages - sent);
    const messages = values.slice(0, count).map((value, i) => ({ key: `facility-${(sent + i) % 5000}`, value }));
    const batchStarted = performance.now();
    await log.publish(topic, messages);
    batchMs.push(performance.now() - batchStarted);
  }
  const produced = performance.now();
  await done;
  const finished = performance.now();
  await subscription.close();
  return {
    produceRate: totalMessages / ((produced - started) / 1000),
    endToEndRate: totalMessages / ((finished - started) / 1000),
    batchMs,
  };
}

async function measureAdapter(name: string, makeLog: () => EventLog): Promise<Row> {
  const log = makeLog();
  const results: RunResult[] = [];
  try {
    for (let run = 0; run < runs; run += 1) results.push(await measureRun(log));
  } finally {
    await log.close();
  }
  return {
    adapter: name,
    messages: totalMessages,
    'produce msgs/s (median)': Math.round(summarize(results.map((r) => r.produceRate)).median),
    'end-to-end msgs/s (median)': Math.round(summarize(results.map((r) => r.endToEndRate)).median),
    'p95 publish batch ms': summarize(results.flatMap((r) => r.batchMs)).p95,
    'RSS MB': rssMegabytes(),
  };
}

const rows: Row[] = [await measureAdapter('in-process', () => createInProcessEventLog({ logger }))];

const broker = process.env.KAFKA_BROKERS ? undefined : await startKafkaBroker();
try {
  const brokers = (process.env.KAFKA_BROKERS ?? broker!.url).split(',');
  rows.push(
    await measureAdapter(`kafka (${broker ? 'local broker' : 'KAFKA_BROKERS'})`, () => createKafkaEventLog({ brokers, clientId: 'bench-event-log', logger })),
  );
} finally {
  await broker?.stop();
}

printTable(`EventLog throughput: ${totalMessages.toLocaleString('en-US')} messages of ~200 bytes, batches of ${batchSize}, median of ${runs} runs`, rows);
