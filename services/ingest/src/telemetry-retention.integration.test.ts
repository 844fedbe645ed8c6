/**
 * TELEMETRY_TTL_DAYS on the real engine (chDB): a new value changes the TTL of the telemetry
 * tables, the same value again changes nothing, and a value that is not a whole number of days in
 * range never reaches the DDL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventLog, createInProcessJobQueue, createMemoryCache, type AnalyticsStore } from '@ust/platform';
import { applyTelemetryRetention, telemetryTtlDays } from './telemetry-retention.js';
import { startIngest } from './start-ingest.js';
import { log, openMigratedStore } from './testing/telemetry-fixtures.js';

let store: AnalyticsStore;
beforeAll(async () => {
  store = await openMigratedStore();
});
afterAll(() => store?.close());

async function showCreate(table: string): Promise<string> {
  const [row] = await store.query<{ statement: string }>(`SHOW CREATE TABLE ${table}`);
  return row!.statement;
}

describe('applyTelemetryRetention', () => {
  it('leaves the tables alone at the default 90 days, changes them to 30, and then has nothing to do', async () => {
    expect(Object.fromEntries(await telemetryTtlDays(store))).toEqual({ logs: 90, user_activities: 90, metrics_1m: 90 });
    expect(await applyTelemetryRetention(store, 90)).toEqual([]);

    expect(await applyTelemetryRetention(store, 30)).toEqual(['logs', 'user_activities', 'metrics_1m']);
    expect(Object.fromEntries(await telemetryTtlDays(store))).toEqual({ logs: 30, user_activities: 30, metrics_1m: 30 });
    expect(await showCreate('logs')).toContain('TTL toDateTime(timestamp) + toIntervalDay(30)');
    expect(await showCreate('user_activities')).toContain('TTL toDateTime(timestamp) + toIntervalDay(30)');
    expect(await showCreate('metrics_1m')).toContain('TTL minute + toIntervalDay(30)');

    expect(await applyTelemetryRetention(store, 30)).toEqual([]);
  });

  it.each([0, 3651, 1.5, Number.NaN])('refuses %s days before touching a table', async (days) => {
    const before = await showCreate('logs');
    await expect(applyTelemetryRetention(store, days)).rejects.toThrow(`Telemetry retention must be a whole number of days from 1 to 3650, got ${days}`);
    expect(await showCreate('logs')).toBe(before);
  });

  it("on a cluster (CLICKHOUSE_CLUSTER) reads and changes the TTL of each shard's local table, ON CLUSTER, in DDL the ClickHouse parser accepts", async () => {
    const sent: string[] = [];
    const engine = (from: string) =>
      `ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/t', '{replica}') ORDER BY x TTL ${from} + toIntervalDay(90) SETTINGS index_granularity = 8192`;
    const cluster = {
      database: 'ust',
      cluster: '{cluster}',
      query: async (_sql: string, params: { tables: string[] }) =>
        params.tables.map((name) => ({ name, engine_full: engine(name === 'metrics_1m_local' ? 'minute' : 'toDateTime(timestamp)') })),
      command: async (sql: string) => void sent.push(sql),
    } as unknown as AnalyticsStore;
    expect(Object.fromEntries(await telemetryTtlDays(cluster))).toEqual({ logs: 90, user_activities: 90, metrics_1m: 90 });

    expect(await applyTelemetryRetention(cluster, 30)).toEqual(['logs', 'user_activities', 'metrics_1m']);
    expect(sent).toEqual([
      "ALTER TABLE logs_local ON CLUSTER '{cluster}' MODIFY TTL toDateTime(timestamp) + INTERVAL 30 DAY",
      "ALTER TABLE user_activities_local ON CLUSTER '{cluster}' MODIFY TTL toDateTime(timestamp) + INTERVAL 30 DAY",
      "ALTER TABLE metrics_1m_local ON CLUSTER '{cluster}' MODIFY TTL minute + INTERVAL 30 DAY",
    ]);
    // chDB has no cluster to run them on; its parser checks them.
    for (const statement of sent) {
      const [row] = await store.query<{ formatted: string }>('SELECT formatQuery({statement:String}) AS formatted', { statement });
      expect(row!.formatted).toMatch(/^ALTER TABLE \w+_local ON CLUSTER `\{cluster\}`\s+\(MODIFY TTL .+ \+ toIntervalDay\(30\)\)$/);
    }
  });

  it('is applied by startIngest when telemetryTtlDays is given', async () => {
    const ports = { store, events: createInProcessEventLog(), jobs: createInProcessJobQueue(), cache: createMemoryCache() };
    const ingest = await startIngest({ ...ports, log, telemetryTtlDays: 45 }, []);
    expect(Object.fromEntries(await telemetryTtlDays(store))).toEqual({ logs: 45, user_activities: 45, metrics_1m: 45 });
    await ingest.close();
    await Promise.all([ports.events.close(), ports.jobs.close(), ports.cache.close()]);
  });
});
