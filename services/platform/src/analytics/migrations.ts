/**
 * Applies the numbered SQL files of schemas/clickhouse/ (NNN_name.sql) once each, in order,
 * and records them in `schema_migrations` with a checksum. A migration that was applied and
 * then edited stops start-up: migrations are never edited after they land.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { quoteIdentifier } from './clickhouse-store.js';
import { onCluster, renderClusterMigration } from './cluster-migrations.js';

export interface Migration {
  version: number;
  name: string;
  statements: string[];
  checksum: string;
}

const FILE_PATTERN = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

/** Splits a file into statements at semicolons that end a line; `--` comment lines are dropped. */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

export async function readMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file ${file} does not match NNN_name.sql`);
    const sql = await readFile(path.join(directory, file), 'utf8');
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      statements: splitStatements(sql),
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  const versions = new Set<number>();
  for (const migration of migrations) {
    if (versions.has(migration.version)) throw new Error(`Two migrations share version ${migration.version}`);
    versions.add(migration.version);
  }
  return migrations;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export interface MigrationOptions {
  /** Table recording applied migrations; another name keeps a separate history. @defaultValue 'schema_migrations' */
  table?: string;
  /**
   * CLICKHOUSE_CLUSTER: render every statement for this cluster (renderClusterMigration) and keep
   * the migrations table replicated on every node of it. @defaultValue the store's cluster
   * (none: single-node DDL)
   */
  cluster?: string;
}

export async function applyMigrations(store: AnalyticsStore, directory: string, log?: Logger, options: MigrationOptions = {}): Promise<MigrationResult> {
  const tableName = options.table ?? 'schema_migrations';
  const table = quoteIdentifier(tableName);
  const cluster = options.cluster ?? store.cluster;
  await store.command(migrationsTableDdl(table, tableName, cluster));
  const done = await store.query<{ version: number; name: string; checksum: string }>(`SELECT version, name, checksum FROM ${table} ORDER BY version`);
  const doneByVersion = new Map(done.map((row) => [Number(row.version), row]));
  const result: MigrationResult = { applied: [], alreadyApplied: 0 };
  for (const migration of await readMigrations(directory)) {
    const previous = doneByVersion.get(migration.version);
    if (previous) {
      if (previous.name !== migration.name) {
        throw new Error(`Migration version ${migration.version} is ${previous.name} in the database but ${migration.name} in ${directory}`);
      }
      if (previous.checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.version}_${migration.name} was edited after it was applied; add a new migration instead`);
      }
      result.alreadyApplied += 1;
      continue;
    }
    const statements = cluster === undefined ? migration.statements : renderClusterMigration(migration.statements, cluster);
    for (const statement of statements) await store.command(statement);
    await store.insert(options.table ?? 'schema_migrations', [{ version: migration.version, name: migration.name, checksum: migration.checksum }]);
    result.applied.push(`${migration.version}_${migration.name}`);
    log?.info({ migration: `${migration.version}_${migration.name}` }, 'migration applied');
  }
  return result;
}

/**
 * The table recording applied migrations. On a cluster every node holds the whole history (one
 * replica set across the shards, no `{shard}` in the path), so whichever node the load balancer
 * picks knows what was applied.
 */
function migrationsTableDdl(table: string, tableName: string, cluster: string | undefined): string {
  const columns = "(version UInt32, name String, checksum String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))";
  if (cluster === undefined) return `CREATE TABLE IF NOT EXISTS ${table} ${columns} ENGINE = MergeTree ORDER BY version`;
  const engine = `ReplicatedMergeTree('/clickhouse/tables/{database}/${tableName}', '{replica}')`;
  return `CREATE TABLE IF NOT EXISTS ${table} ${onCluster(cluster)} ${columns} ENGINE = ${engine} ORDER BY version`;
}
