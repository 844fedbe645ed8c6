/**
 * The cluster DDL parses: chDB has no cluster (no remote_servers, no Keeper), so it cannot run
 * ON CLUSTER or Replicated statements, but `formatQuery` parses a statement with the server's own
 * parser without running it. Every rendered statement of every migration goes through it, one at
 * a time (chDB runs one statement at a time), and a malformed one is shown to be refused.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDirectory } from '../paths.js';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { createChdbStore } from './chdb-store.js';
import { renderClusterMigration } from './cluster-migrations.js';
import { applyMigrations, readMigrations } from './migrations.js';

let chdb: AnalyticsStore;
beforeAll(async () => {
  chdb = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-cluster-ddl-')), database: 'ust' });
});
afterAll(() => chdb?.close());

/** The statement as ClickHouse's parser reads it back; throws on a syntax error. */
async function parsed(statement: string): Promise<string> {
  const [row] = await chdb.query<{ formatted: string }>('SELECT formatQuery({statement:String}) AS formatted', { statement });
  return row!.formatted;
}

describe('the cluster variant of the migrations', () => {
  it('parses, statement by statement, with the ClickHouse parser of chDB', async () => {
    const rendered = (await readMigrations(migrationsDirectory)).flatMap((migration) => renderClusterMigration(migration.statements, '{cluster}'));
    // applyMigrations' own table, captured from what it sends.
    const sent: string[] = [];
    const recorder = { command: async (sql: string) => void sent.push(sql), query: async () => [], insert: async () => {} } as unknown as AnalyticsStore;
    await applyMigrations(recorder, migrationsDirectory, undefined, { cluster: '{cluster}' });
    expect(sent.slice(1)).toEqual(rendered);

    for (const statement of sent) {
      const formatted = await parsed(statement);
      expect(formatted, statement.slice(0, 80)).toMatch(/ON CLUSTER `\{cluster\}`/);
      if (/ENGINE = Distributed/.test(statement))
        expect(formatted).toMatch(/ENGINE = Distributed\('\{cluster\}', currentDatabase\(\), \w+_local, cityHash64\(/);
    }
    // The migrations table; 21 tables (3 of them staging, 4 of job records, 3 of users' watch
    // state), local and Distributed; the view; 12 ALTER TABLEs (11 ADD COLUMNs, 1 DROP COLUMN) on
    // both; 1 MODIFY QUERY.
    expect(sent.length).toBe(1 + 21 * 2 + 1 + 12 * 2 + 1);
  });

  it('refuses what does not parse, so the check above is a real one', async () => {
    await expect(parsed("CREATE TABLE t_local ON CLUSTER 'c' (a String) ENGINE = ReplicatedMergeTree('/p', '{replica}' ORDER BY a")).rejects.toThrow(
      /Syntax error/,
    );
    await expect(parsed("ALTER TABLE t ON CLUSTER 'c' ADD COLUMN")).rejects.toThrow(/Syntax error/);
  });
});
