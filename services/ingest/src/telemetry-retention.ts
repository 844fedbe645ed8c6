/**
 * How long telemetry is kept (TELEMETRY_TTL_DAYS). Migration 003 creates the tables with the
 * default of 90 days; a different setting is applied at start, only when the tables disagree,
 * because MODIFY TTL rewrites the TTL of every existing part. On a cluster the TTL belongs to each
 * shard's local table.
 */
import { alterTableParts, partsTableName, type AnalyticsStore } from '@ust/platform';

/** The telemetry tables and the time their TTL counts from. */
const TTL_TABLES = [
  { table: 'logs', from: 'toDateTime(timestamp)' },
  { table: 'user_activities', from: 'toDateTime(timestamp)' },
  { table: 'metrics_1m', from: 'minute' },
] as const;

export const MAX_TELEMETRY_TTL_DAYS = 3650;

/** Sets the telemetry TTL to `days` where it differs; returns the tables it changed. */
export async function applyTelemetryRetention(store: AnalyticsStore, days: number): Promise<string[]> {
  // DDL takes no query parameters, so `days` is written into the statement: only an integer in
  // range can get there, never text from the environment.
  if (!Number.isInteger(days) || days < 1 || days > MAX_TELEMETRY_TTL_DAYS) {
    throw new Error(`Telemetry retention must be a whole number of days from 1 to ${MAX_TELEMETRY_TTL_DAYS}, got ${days}`);
  }
  const current = await telemetryTtlDays(store);
  const changed: string[] = [];
  for (const { table, from } of TTL_TABLES) {
    if (current.get(table) === days) continue;
    await store.command(alterTableParts(store, table, `MODIFY TTL ${from} + INTERVAL ${days} DAY`));
    changed.push(table);
  }
  return changed;
}

/**
 * The TTL in days of each telemetry table, as ClickHouse reports it in `engine_full`
 * (`... TTL toDateTime(timestamp) + toIntervalDay(90) SETTINGS ...`); missing when it has none
 * or reads otherwise, which applyTelemetryRetention then replaces.
 */
export async function telemetryTtlDays(store: AnalyticsStore): Promise<Map<string, number>> {
  const rows = await store.query<{ name: string; engine_full: string }>(
    'SELECT name, engine_full FROM system.tables WHERE database = {database:String} AND name IN {tables:Array(String)}',
    { database: store.database, tables: TTL_TABLES.map(({ table }) => partsTableName(store, table)) },
  );
  const days = new Map<string, number>();
  for (const { table, from } of TTL_TABLES) {
    const engine = rows.find(({ name }) => name === partsTableName(store, table))?.engine_full ?? '';
    const match = / TTL (.+?) \+ toIntervalDay\((\d+)\)(?: SETTINGS |$)/.exec(engine);
    if (match?.[1] === from) days.set(table, Number(match[2]));
  }
  return days;
}
