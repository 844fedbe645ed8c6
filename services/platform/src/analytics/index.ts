export { createClickHouseStore, quoteIdentifier, type ClickHouseStoreOptions } from './clickhouse-store.js';
export { createChdbStore, type ChdbStoreOptions } from './chdb-store.js';
export { MAX_INSERT_BATCH } from './client-store.js';
export { encodeTabSeparatedInTurns, type TabSeparatedRows } from './tab-separated.js';
export { alterTableParts, localTableName, partsTableName, renderClusterMigration, renderClusterStatement } from './cluster-migrations.js';
export { applyMigrations, readMigrations, splitStatements, type Migration, type MigrationOptions, type MigrationResult } from './migrations.js';
