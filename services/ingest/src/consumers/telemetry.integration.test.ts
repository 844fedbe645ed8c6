/**
 * The telemetry consumers on both event logs, writing the real engine (chDB): events arrive as
 * rows with every field intact, bad messages are dead-lettered with their reason while the rest
 * of their batch is written, and a crash between the insert and the offset commit adds no rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_HEADERS, type AnalyticsStore, type ConsumedMessage, type EventLog } from '@ust/platform';
import { startConsumer, type ConsumerDefinition } from '../consumer.js';
import {
  activityEvent,
  adapters,
  gatewayLogEvent,
  isoFromClickHouse,
  log,
  messagesOf,
  openMigratedStore,
  recentIso,
  recordingStore,
  testNames,
  until,
} from '../testing/telemetry-fixtures.js';
import { telemetryActivitiesConsumer } from './telemetry-activities.consumer.js';
import { telemetryLogsConsumer } from './telemetry-logs.consumer.js';

let store: AnalyticsStore;
beforeAll(async () => {
  store = await openMigratedStore();
});
afterAll(() => store?.close());

async function rowsOf(table: string, ids: string[]): Promise<Array<Record<string, unknown>>> {
  const rows = await store.query(`SELECT * EXCEPT inserted_at FROM ${table} FINAL WHERE event_id IN {ids:Array(UUID)} ORDER BY timestamp, event_id`, { ids });
  return rows.map((row) => ({
    ...row,
    timestamp: isoFromClickHouse(row.timestamp as string),
    ...('received_at' in row ? { received_at: isoFromClickHouse(row.received_at as string) } : {}),
  }));
}

async function countOf(table: string, ids: string[]): Promise<number> {
  const [row] = await store.query<{ n: number }>(`SELECT count() AS n FROM ${table} FINAL WHERE event_id IN {ids:Array(UUID)}`, { ids });
  return row!.n;
}

async function start<Event>(events: EventLog, definition: ConsumerDefinition<Event>) {
  await events.ensureTopics([...definition.topics, definition.deadLetterTopic].map((topic) => ({ topic })));
  const consumer = await startConsumer(definition, { events, log });
  await consumer.subscription.ready;
  return consumer;
}

describe.each(adapters)('the telemetry consumers on the %s event log', (_name, makeLog) => {
  let events: EventLog;
  beforeAll(() => {
    events = makeLog();
  });
  afterAll(() => events?.close());

  it('write log and activity events as rows with every field intact', async () => {
    const names = testNames('fields');
    const logs = await start(
      events,
      telemetryLogsConsumer({ store, topic: names.logsTopic, groupId: `${names.groupId}-logs`, deadLetterTopic: names.deadLetterTopic }),
    );
    const activities = await start(
      events,
      telemetryActivitiesConsumer({ store, topic: names.activitiesTopic, groupId: `${names.groupId}-activities`, deadLetterTopic: names.deadLetterTopic }),
    );

    const request = gatewayLogEvent({
      timestamp: recentIso(120),
      received_at: recentIso(119),
      status_code: 404,
      duration_ms: 12.5,
      request_id: `req-${names.suffix}`,
    });
    // A browser entry: no request fields, its context as JSON text, its time with an offset.
    const clientAt = new Date(Date.parse(recentIso(60)));
    const offsetIso = new Date(clientAt.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const client = gatewayLogEvent({
      source: 'client',
      level: 'ERROR',
      category: 'GLOBAL_ERROR',
      message: 'TypeError: x is undefined\n    at map.tsx:12',
      context: '{"component":"Map","attempt":2,"note":"ünïcode ✓"}',
      timestamp: offsetIso,
      received_at: recentIso(59),
      user_id: null,
      session_id: null,
      url: 'http://localhost:8080/map?state=NY',
      method: null,
      endpoint: null,
      status_code: null,
      duration_ms: null,
      request_id: null,
    });
    const activity = activityEvent({ timestamp: recentIso(30), facility_id: 'NY-000123', details: '{"metric":"release_count","from":"tanks"}' });
    const anonymous = activityEvent({
      timestamp: recentIso(20),
      auth0_user_id: null,
      user_role: null,
      email: null,
      name: null,
      session_id: null,
      location_lat: null,
      location_lon: null,
      page: null,
      details: '',
    });
    await events.publish(names.logsTopic, messagesOf([request, client]));
    await events.publish(names.activitiesTopic, messagesOf([activity, anonymous]));

    const logIds = [request.event_id, client.event_id];
    const activityIds = [activity.event_id, anonymous.event_id];
    await until(
      async () => [await countOf('logs', logIds), await countOf('user_activities', activityIds)],
      ([l, a]) => l === 2 && a === 2,
    );
    expect(await rowsOf('logs', logIds)).toEqual([request, { ...client, timestamp: clientAt.toISOString() }].sort(byTimestampThenId));
    expect(await rowsOf('user_activities', activityIds)).toEqual([activity, anonymous].sort(byTimestampThenId));

    await logs.subscription.close();
    await activities.subscription.close();
  });

  it('dead-letter a message that is not JSON and one with a bad field, and write the valid messages of the same batch', async () => {
    const names = testNames('dead-letter');
    const logs = await start(
      events,
      telemetryLogsConsumer({ store, topic: names.logsTopic, groupId: `${names.groupId}-logs`, deadLetterTopic: names.deadLetterTopic }),
    );
    const activities = await start(
      events,
      telemetryActivitiesConsumer({ store, topic: names.activitiesTopic, groupId: `${names.groupId}-activities`, deadLetterTopic: names.deadLetterTopic }),
    );
    const deadLetters: ConsumedMessage[] = [];
    const reader = await events.subscribe({
      groupId: `${names.groupId}-reader`,
      topics: [names.deadLetterTopic],
      fromBeginning: true,
      handleBatch: async (batch) => void deadLetters.push(...batch.messages),
    });
    await reader.ready;

    // One key: the four log messages share a partition, so they arrive in one batch.
    const before = gatewayLogEvent();
    const after = gatewayLogEvent();
    const badLevel = JSON.stringify({ ...gatewayLogEvent(), level: 'TRACE' });
    await events.publish(names.logsTopic, [
      { key: 'browser-1', value: JSON.stringify(before) },
      { key: 'browser-1', value: '{not json' },
      { key: 'browser-1', value: badLevel },
      { key: 'browser-1', value: JSON.stringify(after) },
    ]);
    const badActivity = JSON.stringify({ ...activityEvent(), activity_type: 'map_zoomed' });
    await events.publish(names.activitiesTopic, [{ key: 'browser-1', value: badActivity }]);

    await until(
      async () => countOf('logs', [before.event_id, after.event_id]),
      (n) => n === 2,
    );
    await until(
      async () => deadLetters.length,
      (n) => n === 3,
    );
    const notJson = (() => {
      try {
        JSON.parse('{not json');
      } catch (error) {
        return (error as Error).message;
      }
    })();
    const reasons = deadLetters.map((message) => ({
      value: message.value.toString('utf8'),
      reason: message.headers[DEAD_LETTER_HEADERS.reason],
      topic: message.headers[DEAD_LETTER_HEADERS.sourceTopic],
    }));
    expect(reasons.sort((a, b) => a.value.localeCompare(b.value))).toEqual(
      [
        { value: '{not json', reason: `not JSON: ${notJson}`, topic: names.logsTopic },
        { value: badLevel, reason: '/level: must be one of DEBUG, INFO, WARN, ERROR', topic: names.logsTopic },
        {
          value: badActivity,
          reason:
            '/activity_type: must be one of map_loaded, boundary_level_change, county_metric_change, county_facilities_viewed, ' +
            'county_selected, state_selected, map_color_scale_change, county_map_style_change, admin_panel_accessed, ' +
            'address_search, facility_view, release_view, tank_ai_query',
          topic: names.activitiesTopic,
        },
      ].sort((a, b) => a.value.localeCompare(b.value)),
    );
    // The counters move after the dead letter was published: wait for them rather than race.
    await until(
      async () => [logs.stats.written, logs.stats.deadLettered, activities.stats.written, activities.stats.deadLettered],
      (counts) => counts.join() === '2,2,0,1',
    );

    await reader.close();
    await logs.subscription.close();
    await activities.subscription.close();
  });

  it('adds no row when a consumer crashes after the insert and before the commit and is restarted', async () => {
    const names = testNames('crash');
    const endpoint = `/api/crash-test/${names.suffix}`;
    const batch = [...Array.from({ length: 4 }, () => gatewayLogEvent({ endpoint })), gatewayLogEvent({ endpoint, level: 'ERROR', status_code: 500 })];
    const ids = batch.map((event) => event.event_id);
    await events.ensureTopics([{ topic: names.logsTopic }, { topic: names.deadLetterTopic }]);
    await events.publish(names.logsTopic, messagesOf(batch));
    const recording = recordingStore(store);
    const options = { store: recording, topic: names.logsTopic, groupId: names.groupId, deadLetterTopic: names.deadLetterTopic, maxWaitMs: 100 };

    // ClickHouse accepts every insert, then the process dies before any offset is committed.
    const crashing = telemetryLogsConsumer(options);
    const first = await start(events, {
      ...crashing,
      async writeBatch(records) {
        await crashing.writeBatch(records);
        throw new Error('killed before the commit');
      },
    });
    await until(
      async () => countOf('logs', ids),
      (n) => n === batch.length,
    );
    await first.subscription.close();

    const restarted = await start(events, telemetryLogsConsumer(options));
    await until(
      async () => restarted.stats.written,
      (n) => n === batch.length,
    );
    const insertedRows = recording.inserts.reduce((sum, insert) => sum + insert.rows, 0);
    expect(insertedRows).toBeGreaterThanOrEqual(2 * batch.length);

    const [rows] = await store.query<{ n: number; ids: number }>(
      'SELECT count() AS n, uniqExact(event_id) AS ids FROM logs FINAL WHERE event_id IN {ids:Array(UUID)}',
      { ids },
    );
    expect(rows).toEqual({ n: 5, ids: 5 });
    const [metrics] = await store.query<{ entries: number; errors: number }>(
      'SELECT uniqExactMerge(entries) AS entries, uniqExactIfMerge(errors) AS errors FROM metrics_1m WHERE endpoint = {endpoint:String}',
      { endpoint },
    );
    expect(metrics).toEqual({ entries: 5, errors: 1 });

    await restarted.subscription.close();
  });
});

function byTimestampThenId(a: { timestamp: string; event_id: string }, b: { timestamp: string; event_id: string }): number {
  return Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.event_id.localeCompare(b.event_id);
}
