import { describe, expect, it } from 'vitest';
import { migrationsDirectory } from '../paths.js';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { alterTableParts, localTableName, partsTableName, renderClusterMigration, renderClusterStatement } from './cluster-migrations.js';
import { applyMigrations, readMigrations } from './migrations.js';

const migrations = await readMigrations(migrationsDirectory);
const rendered = migrations.flatMap((migration) => renderClusterMigration(migration.statements, 'ust'));
const oneLine = (statement: string) => statement.replace(/\s+/g, ' ');

/** The tables the migrations create, with their engine family (`Replacing`, `Aggregating`, ``). */
const createdTables = migrations
  .flatMap((migration) => migration.statements)
  .map((statement) => /^CREATE TABLE IF NOT EXISTS (\w+)[\s\S]*ENGINE = (\w*)MergeTree/.exec(statement))
  .filter((match): match is RegExpExecArray => match !== null)
  .map(([, name = '', family = '']) => ({ name, family }));

describe('renderClusterMigration', () => {
  it('renders every migration, each statement ON CLUSTER', () => {
    expect(createdTables.map((table) => table.name)).toEqual([
      'facilities',
      'tanks',
      'releases',
      'imports',
      'facility_summary',
      'dataset_builds',
      'users',
      'logs',
      'user_activities',
      'metrics_1m',
      'dead_letters',
      'facilities_staging',
      'tanks_staging',
      'releases_staging',
      'job_records',
      'screening_rows',
      'screening_results',
      'import_rejects',
      'user_records',
      'watch_alerts',
      'webhook_deliveries',
    ]);
    expect(rendered.length).toBeGreaterThan(migrations.flatMap((migration) => migration.statements).length);
    for (const statement of rendered) expect(statement).toMatch(/^(CREATE TABLE|CREATE MATERIALIZED VIEW|ALTER TABLE) (IF NOT EXISTS )?\w+ ON CLUSTER 'ust' /);
  });

  it('turns each table into a replicated local table of its engine family and a Distributed table over it', () => {
    for (const { name, family } of createdTables) {
      const local = rendered.find((statement) => statement.startsWith(`CREATE TABLE IF NOT EXISTS ${name}_local `));
      expect(local, name).toContain(`ENGINE = Replicated${family}MergeTree('/clickhouse/tables/{shard}/{database}/${name}_local', '{replica}'`);
      const distributed = rendered.find((statement) => statement.startsWith(`CREATE TABLE IF NOT EXISTS ${name} `));
      expect(distributed, name).toMatch(
        new RegExp(
          `^CREATE TABLE IF NOT EXISTS ${name} ON CLUSTER 'ust' AS ${name}_local ENGINE = Distributed\\('ust', currentDatabase\\(\\), ${name}_local, cityHash64\\(.+\\)\\)$`,
        ),
      );
    }
  });

  it('keeps engine arguments, partitioning, sort key, TTL and settings on the local table; shards by the sort key', () => {
    const [facilities, facilitiesDistributed] = renderClusterStatement(migrations[0]!.statements[0]!, 'ust');
    expect(oneLine(facilities!)).toMatch(
      /ENGINE = ReplicatedReplacingMergeTree\('\/clickhouse\/tables\/\{shard\}\/\{database\}\/facilities_local', '\{replica\}', version\) ORDER BY facility_id SETTINGS min_bytes_for_wide_part = 1000000000000/,
    );
    expect(facilitiesDistributed).toContain('cityHash64(facility_id)');
    const logs = rendered.filter((statement) => /^CREATE TABLE IF NOT EXISTS logs(_local)? /.test(statement)).map(oneLine);
    expect(logs[0]).toContain(
      "ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/logs_local', '{replica}') PARTITION BY toDate(timestamp) ORDER BY (timestamp, event_id) TTL",
    );
    // A redelivered event has the same timestamp and id: it lands on the shard of its first copy.
    expect(logs[1]).toContain('cityHash64(timestamp, event_id)');
  });

  it('keeps each staging table partitioned by import on the shards, sharded by the live sort key', () => {
    const tanks = rendered.filter((statement) => /^CREATE TABLE IF NOT EXISTS tanks_staging(_local)? /.test(statement)).map(oneLine);
    expect(tanks[0]).toContain(
      "ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/tanks_staging_local', '{replica}') PARTITION BY import_id ORDER BY (facility_id, tank_id)",
    );
    // A staged row lands on the shard its live copy will: promotion moves no row between shards.
    expect(tanks[1]).toContain('cityHash64(facility_id, tank_id)');
    expect(alterTableParts({ cluster: 'ust' }, 'tanks_staging', 'DROP PARTITION {id:String}')).toBe(
      "ALTER TABLE tanks_staging_local ON CLUSTER 'ust' DROP PARTITION {id:String}",
    );
    expect(rendered.filter((statement) => statement.includes('ADD COLUMN IF NOT EXISTS status'))).toEqual([
      "ALTER TABLE imports_local ON CLUSTER 'ust' ADD COLUMN IF NOT EXISTS status LowCardinality(String) DEFAULT 'committed', ADD COLUMN IF NOT EXISTS failure Nullable(String), ADD COLUMN IF NOT EXISTS warnings UInt32 DEFAULT 0, ADD COLUMN IF NOT EXISTS warnings_by_reason Map(String, UInt32)",
      "ALTER TABLE imports ON CLUSTER 'ust' ADD COLUMN IF NOT EXISTS status LowCardinality(String) DEFAULT 'committed', ADD COLUMN IF NOT EXISTS failure Nullable(String), ADD COLUMN IF NOT EXISTS warnings UInt32 DEFAULT 0, ADD COLUMN IF NOT EXISTS warnings_by_reason Map(String, UInt32)",
    ]);
  });

  it('makes the per-minute view read and write the shard-local tables', () => {
    const view = rendered.find((statement) => statement.startsWith('CREATE MATERIALIZED VIEW'));
    expect(oneLine(view!)).toMatch(
      /^CREATE MATERIALIZED VIEW IF NOT EXISTS metrics_1m_from_logs ON CLUSTER 'ust' TO metrics_1m_local AS SELECT .* FROM logs_local GROUP BY/,
    );
    const modify = rendered.find((statement) => statement.includes('MODIFY QUERY'));
    expect(oneLine(modify!)).toMatch(/^ALTER TABLE metrics_1m_from_logs ON CLUSTER 'ust' MODIFY QUERY SELECT .* FROM logs_local GROUP BY/);
  });

  it('alters the local and the Distributed table alike', () => {
    const alters = rendered.filter((statement) => statement.includes('ADD COLUMN IF NOT EXISTS calculated_risk_score'));
    expect(alters).toEqual([
      "ALTER TABLE facility_summary_local ON CLUSTER 'ust' ADD COLUMN IF NOT EXISTS calculated_risk_score Nullable(UInt8) AFTER open_leak_count",
      "ALTER TABLE facility_summary ON CLUSTER 'ust' ADD COLUMN IF NOT EXISTS calculated_risk_score Nullable(UInt8) AFTER open_leak_count",
    ]);
  });

  it('takes the {cluster} macro, refuses a name that is not one, and a statement it has no rule for', () => {
    expect(renderClusterStatement('ALTER TABLE users DELETE WHERE 1', '{cluster}')[0]).toBe("ALTER TABLE users_local ON CLUSTER '{cluster}' DELETE WHERE 1");
    expect(() => renderClusterStatement('ALTER TABLE users DELETE WHERE 1', "x' --")).toThrow('Not a ClickHouse cluster name');
    expect(() => renderClusterStatement('DROP TABLE users', 'ust')).toThrow('No cluster rendering for this statement: DROP TABLE users');
    expect(() => renderClusterStatement('CREATE TABLE t (a String) ENGINE = GraphiteMergeTree(x) ORDER BY a', 'ust')).toThrow(
      'No replicated engine for GraphiteMergeTree',
    );
    expect(localTableName('logs')).toBe('logs_local');
  });
});

describe('applyMigrations with a cluster', () => {
  /** A store that records the statements it is sent and remembers nothing. */
  function recordingStore(): AnalyticsStore & { commands: string[] } {
    const commands: string[] = [];
    return {
      commands,
      adapter: 'clickhouse',
      command: async (sql: string) => {
        commands.push(sql.trim());
      },
      query: async () => [],
      insert: async () => {},
    } as unknown as AnalyticsStore & { commands: string[] };
  }

  it('sends the rendered statements and keeps the migrations table replicated on every node', async () => {
    const store = recordingStore();
    const result = await applyMigrations(store, migrationsDirectory, undefined, { cluster: 'ust' });
    expect(result.applied).toHaveLength(migrations.length);
    expect(store.commands[0]).toMatch(
      /^CREATE TABLE IF NOT EXISTS `?schema_migrations`? ON CLUSTER 'ust' \(.*\) ENGINE = ReplicatedMergeTree\('\/clickhouse\/tables\/\{database\}\/schema_migrations', '\{replica\}'\) ORDER BY version$/,
    );
    expect(store.commands.slice(1)).toEqual(rendered);
  });

  it('without a cluster sends the files as they are', async () => {
    const store = recordingStore();
    await applyMigrations(store, migrationsDirectory);
    expect(store.commands[0]).toMatch(/ENGINE = MergeTree ORDER BY version$/);
    expect(store.commands[0]).not.toContain('ON CLUSTER');
    expect(store.commands.slice(1)).toEqual(migrations.flatMap((migration) => migration.statements));
  });
});

describe('alterTableParts', () => {
  it("changes the table itself on one node, and each shard's local table ON CLUSTER on a cluster", () => {
    expect(alterTableParts({}, 'facility_summary', 'DROP PARTITION {version:UInt32}')).toBe('ALTER TABLE facility_summary DROP PARTITION {version:UInt32}');
    expect(partsTableName({}, 'logs')).toBe('logs');
    expect(alterTableParts({ cluster: 'ust' }, 'facility_summary', 'DROP PARTITION {version:UInt32}')).toBe(
      "ALTER TABLE facility_summary_local ON CLUSTER 'ust' DROP PARTITION {version:UInt32}",
    );
    expect(partsTableName({ cluster: 'ust' }, 'logs')).toBe('logs_local');
  });

  it('refuses a cluster name that could break out of its quotes', () => {
    expect(() => alterTableParts({ cluster: "ust' SETTINGS x=1 --" }, 'logs', 'MODIFY TTL minute + INTERVAL 1 DAY')).toThrow(/Not a ClickHouse cluster name/);
  });
});
