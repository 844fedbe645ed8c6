/**
 * When the telemetry consumers insert, on both event logs and the real engine: a lone event is
 * written once its batch's time is up, with no further traffic; a batch that reaches maxRows is
 * written at once, and the deliveries of different partitions share that one insert; a batch
 * spanning many days is split so ClickHouse never refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore, EventLog } from '@ust/platform';
import { startConsumer } from '../consumer.js';
import { adapters, gatewayLogEvent, keysForEachPartition, log, openMigratedStore, recordingStore, testNames, until } from '../testing/telemetry-fixtures.js';
import { insertByDay } from './telemetry-consumer.js';
import { telemetryLogsConsumer } from './telemetry-logs.consumer.js';

let store: AnalyticsStore;
beforeAll(async () => {
  store = await openMigratedStore();
});
afterAll(() => store?.close());

async function countOf(ids: string[]): Promise<number> {
  const [row] = await store.query<{ n: number }>('SELECT count() AS n FROM logs FINAL WHERE event_id IN {ids:Array(UUID)}', { ids });
  return row!.n;
}

/**
 * Waits until every event is in the table and the recording store has noted the insert that wrote
 * them: the rows become visible a turn before the insert's promise resolves, so a check of the
 * rows alone can read the inserts while they are still empty.
 */
async function writtenAndRecorded(ids: string[], inserts: unknown[]): Promise<void> {
  await until(
    async () => ({ rows: await countOf(ids), inserts: inserts.length }),
    (state) => state.rows === ids.length && state.inserts > 0,
  );
}

it('writes a batch whose events span more than the 100 days (partitions) ClickHouse takes in one insert', async () => {
  const day = 86_400_000;
  const start = Date.now() - 80 * day;
  const batch = Array.from({ length: 150 }, (_, i) => gatewayLogEvent({ timestamp: new Date(start + i * day).toISOString() }));
  const recording = recordingStore(store);
  await insertByDay(recording, 'logs', batch);
  expect(await countOf(batch.map((event) => event.event_id))).toBe(150);
  expect(recording.inserts).toEqual([
    { table: 'logs', rows: 100 },
    { table: 'logs', rows: 50 },
  ]);
});

describe.each(adapters)('telemetry batches on the %s event log', (_name, makeLog) => {
  let events: EventLog;
  beforeAll(() => {
    events = makeLog();
  });
  afterAll(() => events?.close());

  async function startLogs(names: ReturnType<typeof testNames>, batching: { maxRows: number; maxWaitMs: number }) {
    await events.ensureTopics([{ topic: names.logsTopic }, { topic: names.deadLetterTopic }]);
    const recording = recordingStore(store);
    const consumer = await startConsumer(
      telemetryLogsConsumer({ store: recording, topic: names.logsTopic, groupId: names.groupId, deadLetterTopic: names.deadLetterTopic, ...batching }),
      { events, log },
    );
    await consumer.subscription.ready;
    return { consumer, inserts: recording.inserts };
  }

  it('writes a single event once the batch time is up, with no further traffic', async () => {
    const names = testNames('time-closed');
    const { consumer, inserts } = await startLogs(names, { maxRows: 1_000, maxWaitMs: 200 });
    const event = gatewayLogEvent();
    await events.publish(names.logsTopic, [{ key: event.event_id, value: JSON.stringify(event) }]);

    await writtenAndRecorded([event.event_id], inserts);
    // One row in a batch of up to 1,000: only the timer can have closed it.
    expect(inserts).toEqual([{ table: 'logs', rows: 1 }]);
    await consumer.subscription.close();
  });

  it('writes a batch as soon as it holds maxRows, from the deliveries of every partition', async () => {
    const names = testNames('size-closed');
    // The timer closes this batch only after `until` below gave up: within the test only its size
    // can, and should that fail, the batch still closes and the consumer can leave its group.
    const { consumer, inserts } = await startLogs(names, { maxRows: 3, maxWaitMs: 60_000 });
    const batch = keysForEachPartition(3).map((key) => ({ key, event: gatewayLogEvent() }));
    await events.publish(
      names.logsTopic,
      batch.map(({ key, event }) => ({ key, value: JSON.stringify(event) })),
    );

    await writtenAndRecorded(
      batch.map(({ event }) => event.event_id),
      inserts,
    );
    // Each member holds one partition and one event: three deliveries, one insert.
    expect(inserts).toEqual([{ table: 'logs', rows: 3 }]);
    expect(consumer.stats).toMatchObject({ written: 3, batches: 3 });
    await consumer.subscription.close();
  });
});
