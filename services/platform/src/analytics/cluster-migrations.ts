/**
 * The cluster variant of the migrations (CLICKHOUSE_CLUSTER): the same files of
 * schemas/clickhouse/, rendered statement by statement for a sharded and replicated ClickHouse.
 *
 * - `CREATE TABLE x (...) ENGINE = <Family>MergeTree[(args)] ...` becomes a local table
 *   `x_local ON CLUSTER c` with `Replicated<Family>MergeTree('/clickhouse/tables/{shard}/{database}/x_local',
 *   '{replica}'[, args])`, and `x ON CLUSTER c AS x_local ENGINE = Distributed(c, currentDatabase(),
 *   x_local, cityHash64(<sort key>))`. Queries keep reading and inserting `x`. Sharding by the whole
 *   sort key sends the versions of one row (ReplacingMergeTree, a redelivered event) to one shard,
 *   where FINAL and merges can collapse them.
 * - A materialized view is created ON CLUSTER on each shard, reading the local source and writing
 *   the local target, so each shard aggregates its own rows; the Distributed target merges them.
 * - `ALTER TABLE x ...` runs ON CLUSTER on `x_local` and on `x` (a Distributed table mirrors its
 *   local table's columns); `ALTER TABLE v MODIFY QUERY` alters a view, whose query reads locals.
 *
 * Any other statement throws: a new kind of DDL needs a rule here before it can run on a
 * cluster, and the test that renders every migration says so.
 */

import type { AnalyticsStore } from '../ports/analytics-store.js';

/** The ClickHouse cluster of CLICKHOUSE_CLUSTER: a remote_servers name or the `{cluster}` macro. */
const CLUSTER_PATTERN = /^(\{cluster\}|[A-Za-z0-9_][A-Za-z0-9_.-]*)$/;
const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
const CREATE_TABLE = new RegExp(
  `^CREATE TABLE (IF NOT EXISTS )?(${IDENTIFIER})\\s*\\(([\\s\\S]*)\\)\\s*ENGINE\\s*=\\s*(\\w*)MergeTree\\b(\\s*\\(([^)]*)\\))?([\\s\\S]*)$`,
);
const CREATE_VIEW = new RegExp(`^CREATE MATERIALIZED VIEW (IF NOT EXISTS )?(${IDENTIFIER}) TO (${IDENTIFIER}) AS\\s([\\s\\S]*)$`);
const ALTER_QUERY = new RegExp(`^ALTER TABLE (${IDENTIFIER}) MODIFY QUERY\\s([\\s\\S]*)$`);
const ALTER_TABLE = new RegExp(`^ALTER TABLE (${IDENTIFIER}) ([\\s\\S]*)$`);
const FAMILIES = new Set(['', 'Replacing', 'Aggregating', 'Summing', 'Collapsing', 'VersionedCollapsing']);

/** The local (per-shard) table behind the Distributed table `table`. */
export const localTableName = (table: string) => `${table}_local`;

/** `ON CLUSTER '<cluster>'`, after checking the name can stand in a quoted literal. */
export function onCluster(cluster: string): string {
  if (!CLUSTER_PATTERN.test(cluster)) throw new Error(`Not a ClickHouse cluster name: ${JSON.stringify(cluster)}`);
  return `ON CLUSTER '${cluster}'`;
}

/** The table holding `table`'s data parts: itself on one node, its local table on a cluster. */
export function partsTableName(store: Pick<AnalyticsStore, 'cluster'>, table: string): string {
  return store.cluster === undefined ? table : localTableName(table);
}

/**
 * `ALTER TABLE <table> <change>` for a change to the table's data parts (MODIFY TTL, DROP
 * PARTITION): on a cluster, on every shard's local table ON CLUSTER (a Distributed table has no
 * parts of its own and refuses both).
 */
export function alterTableParts(store: Pick<AnalyticsStore, 'cluster'>, table: string, change: string): string {
  if (store.cluster === undefined) return `ALTER TABLE ${table} ${change}`;
  return `ALTER TABLE ${localTableName(table)} ${onCluster(store.cluster)} ${change}`;
}

/** The statements of one migration's statement for `cluster` (one CREATE TABLE becomes two). */
export function renderClusterStatement(statement: string, cluster: string): string[] {
  const on = onCluster(cluster);
  const table = CREATE_TABLE.exec(statement);
  if (table) {
    const [, ifNotExists = '', name = '', columns = '', family = '', , args, rest = ''] = table;
    if (!FAMILIES.has(family)) throw new Error(`No replicated engine for ${family}MergeTree (table ${name})`);
    const local = localTableName(name);
    const replication = [`'/clickhouse/tables/{shard}/{database}/${local}'`, `'{replica}'`, ...(args?.trim() ? [args.trim()] : [])].join(', ');
    return [
      `CREATE TABLE ${ifNotExists}${local} ${on} (${columns}) ENGINE = Replicated${family}MergeTree(${replication})${rest}`,
      `CREATE TABLE ${ifNotExists}${name} ${on} AS ${local} ENGINE = Distributed('${cluster}', currentDatabase(), ${local}, cityHash64(${shardingColumns(rest, name)}))`,
    ];
  }
  const view = CREATE_VIEW.exec(statement);
  if (view) {
    const [, ifNotExists = '', name = '', target = '', query = ''] = view;
    return [`CREATE MATERIALIZED VIEW ${ifNotExists}${name} ${on} TO ${localTableName(target)} AS\n${readLocalTables(query)}`];
  }
  const alterQuery = ALTER_QUERY.exec(statement);
  if (alterQuery) {
    const [, name = '', query = ''] = alterQuery;
    return [`ALTER TABLE ${name} ${on} MODIFY QUERY\n${readLocalTables(query)}`];
  }
  const alter = ALTER_TABLE.exec(statement);
  if (alter) {
    const [, name = '', change = ''] = alter;
    return [`ALTER TABLE ${localTableName(name)} ${on} ${change}`, `ALTER TABLE ${name} ${on} ${change}`];
  }
  throw new Error(`No cluster rendering for this statement: ${statement.slice(0, 80)}`);
}

/** Every statement of a migration file's statements for `cluster`, in order. */
export function renderClusterMigration(statements: readonly string[], cluster: string): string[] {
  return statements.flatMap((statement) => renderClusterStatement(statement, cluster));
}

/** The columns of the sort key (`ORDER BY x` or `ORDER BY (x, y)`), the Distributed table's sharding key. */
function shardingColumns(afterEngine: string, table: string): string {
  const orderBy = /\bORDER BY\s+(\([^)]*\)|[A-Za-z_][A-Za-z0-9_]*)/.exec(afterEngine)?.[1];
  if (!orderBy) throw new Error(`Table ${table} has no ORDER BY to shard by`);
  return orderBy.replace(/^\(|\)$/g, '').trim();
}

/** A view's query reading the shard's local tables: `FROM x` / `JOIN x` become `x_local`. */
function readLocalTables(query: string): string {
  return query.replace(
    new RegExp(`\\b(FROM|JOIN)\\s+(${IDENTIFIER})\\b`, 'g'),
    (_whole, keyword: string, table: string) => `${keyword} ${localTableName(table)}`,
  );
}
