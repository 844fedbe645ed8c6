import path from 'node:path';

/** The workspace root, found from this file's place in services/platform/src. */
export const workspaceRoot = path.resolve(import.meta.dirname, '../../..');

/** schemas/clickhouse: the numbered migrations. */
export const migrationsDirectory = path.join(workspaceRoot, 'schemas/clickhouse');
