/**
 * The AnalyticsStore contract: the same assertions for chDB and a ClickHouse server.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { applyMigrations } from './migrations.js';
import { encodeTabSeparated } from './tab-separated.js';
import { parseCompactJsonRows } from '../threads/compact-json-rows.js';

export function describeAnalyticsStoreContract(adapterName: string, makeStore: () => Promise<AnalyticsStore>) {
  describe(`AnalyticsStore contract: ${adapterName}`, () => {
    let store: AnalyticsStore;

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('answers ping and reports its adapter and database', async () => {
      expect(await store.ping()).toBe(true);
      expect(store.adapter).toBe(adapterName);
      const [row] = await store.query<{ db: string }>('SELECT currentDatabase() AS db');
      expect(row?.db).toBe(store.database);
    });

    it('binds typed parameters, and a parameter is data, never SQL', async () => {
      const hostile = "x'); DROP TABLE anything; --";
      const rows = await store.query<{ n: number; s: string; list: string[] }>('SELECT {n:UInt64} + 1 AS n, {s:String} AS s, {list:Array(String)} AS list', {
        n: 41,
        s: hostile,
        list: ['DC', 'VT'],
      });
      // Both adapters return 64-bit integers as JSON numbers.
      expect(rows).toEqual([{ n: 42, s: hostile, list: ['DC', 'VT'] }]);
    });

    it('returns the same rows as JSONEachRow text, one object per line, parameters bound alike', async () => {
      const sql = 'SELECT number AS n, {s:String} AS s FROM numbers(3)';
      const text = await store.queryText(sql, { s: 'a "quoted"\nline' });
      expect(text.endsWith('\n')).toBe(true);
      expect(
        text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual(await store.query(sql, { s: 'a "quoted"\nline' }));
      expect(await store.queryText('SELECT 1 AS n WHERE 0')).toBe('');
      expect(new TextDecoder().decode(await store.queryJsonBytes(sql, { s: 'a "quoted"\nline' }))).toBe(text);
      expect((await store.queryJsonBytes('SELECT 1 AS n WHERE 0')).byteLength).toBe(0);
    });

    it('returns as compact JSON the rows query returns, every kind of column the rebuild reads made alike', async () => {
      const sql = `SELECT number AS n, toInt64(number) - 2 AS signed, number / 3 AS ratio, {s:String} AS s, if(number = 1, NULL, 'x') AS maybe,
        toDate32('1965-03-01') + number AS day, toDateTime64('2024-05-06 07:08:09.123', 3, 'UTC') AS at, number = 2 AS yes,
        ['DC', 'VT'] AS list, map('a', number) AS counts, CAST('AST' AS LowCardinality(String)) AS kind, [1.5, NULL] AS floats
        FROM numbers(3)`;
      const params = { s: 'a "quoted"\nline \\ é' };
      const rows = parseCompactJsonRows(new TextDecoder().decode(await store.queryCompactJsonBytes(sql, params)));
      expect(rows).toEqual(await store.query(sql, params));
      expect(Object.keys(rows[0] ?? {})).toEqual(['n', 'signed', 'ratio', 's', 'maybe', 'day', 'at', 'yes', 'list', 'counts', 'kind', 'floats']);
      expect(parseCompactJsonRows(new TextDecoder().decode(await store.queryCompactJsonBytes('SELECT 1 AS n WHERE 0')))).toEqual([]);
    });

    it('inserts more rows than one batch holds and reads them all back', async () => {
      await store.command("CREATE TABLE contract_rows (id UInt32, state LowCardinality(String), at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY id");
      const rows = Array.from({ length: 120_000 }, (_, id) => ({
        id,
        state: id % 2 ? 'DC' : 'VT',
        at: new Date(Date.UTC(2024, 0, 1) + id * 1000).toISOString(),
      }));
      await store.insert('contract_rows', rows);
      const [summary] = await store.query<{ total: number; dc: number; last: string }>(
        'SELECT count() AS total, countIf(state = {state:String}) AS dc, toString(max(at)) AS last FROM contract_rows',
        { state: 'DC' },
      );
      expect(summary).toEqual({ total: 120_000, dc: 60_000, last: '2024-01-02 09:19:59.000' });
    });

    it('inserts rows given as JSON text exactly as parsed rows', async () => {
      await store.command('CREATE TABLE contract_json (id String, n Nullable(Int32), at Nullable(Date32), ok Nullable(Bool)) ENGINE = MergeTree ORDER BY id');
      await store.insertJsonRows('contract_json', [JSON.stringify({ id: 'a', n: 1, at: '1984-01-08', ok: true }), '{"id":"b","n":null,"at":null,"ok":null}']);
      expect(await store.query('SELECT id, n, toString(at) AS at, ok FROM contract_json ORDER BY id')).toEqual([
        { id: 'a', n: 1, at: '1984-01-08', ok: true },
        { id: 'b', n: null, at: null, ok: null },
      ]);
    });

    it('inserts rows written as TabSeparated exactly as the same rows given as JSON', async () => {
      await store.command(
        "CREATE TABLE contract_tsv (id String, label Nullable(String), n Int32, x Nullable(Float64), ok Bool, flag UInt8, at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY id",
      );
      const rows = [
        // Every character TabSeparated escapes, a literal \N that must stay text, JSON inside a string, and non-ASCII text.
        { id: 'a', label: 'tab\there\nline\rreturn \\ back \\N', n: -7, x: 1.5e-7, ok: true, flag: true, at: '2026-11-30T10:56:39.123Z' },
        { id: 'b', label: null, n: 0, x: Number.NaN, ok: false, flag: false, at: '2026-11-30T10:56:39.000Z' },
        {
          id: 'c',
          label: '{"score":7,"factors":["age \u00b7 30 y"]} São Paulo — 東京',
          n: 2_147_483_647,
          x: null,
          ok: true,
          flag: false,
          at: '1999-01-01T00:00:00.000Z',
        },
      ];
      const encoded = encodeTabSeparated(rows);
      expect(encoded?.columns).toEqual(['id', 'label', 'n', 'x', 'ok', 'flag', 'at']);
      await store.insertTabSeparated('contract_tsv', encoded!.columns, encoded!.body);
      const asTabSeparated = await store.query('SELECT * FROM contract_tsv ORDER BY id');
      await store.command('TRUNCATE TABLE contract_tsv');
      await store.insert('contract_tsv', rows);
      const asJson = await store.query('SELECT * FROM contract_tsv ORDER BY id');
      expect(asTabSeparated).toEqual(asJson);
      expect(asTabSeparated.map((row) => (row as { label: string | null }).label)).toEqual(rows.map((row) => row.label));
    });

    it('refuses a TabSeparated body whose fields do not fit its columns, naming the column', async () => {
      await store.command('CREATE TABLE contract_tsv_bad (id String, n Int32) ENGINE = MergeTree ORDER BY id');
      await expect(store.insertTabSeparated('contract_tsv_bad', ['id', 'n'], new TextEncoder().encode('a\tnot a number\n'))).rejects.toThrow(/\bn\b/);
      expect(await store.query('SELECT count() AS rows FROM contract_tsv_bad')).toEqual([{ rows: 0 }]);
    });

    it('keeps the latest version of a record in a ReplacingMergeTree, so a replay adds nothing', async () => {
      await store.command('CREATE TABLE contract_versions (id String, name String, version UInt64) ENGINE = ReplacingMergeTree(version) ORDER BY id');
      await store.insert('contract_versions', [
        { id: 'a', name: 'first', version: 1 },
        { id: 'b', name: 'only', version: 1 },
      ]);
      await store.insert('contract_versions', [{ id: 'a', name: 'second', version: 2 }]);
      await store.insert('contract_versions', [{ id: 'a', name: 'second', version: 2 }]);
      const rows = await store.query<{ id: string; name: string }>('SELECT id, name FROM contract_versions FINAL ORDER BY id');
      expect(rows).toEqual([
        { id: 'a', name: 'second' },
        { id: 'b', name: 'only' },
      ]);
    });

    it('rejects a bad query with the engine message', async () => {
      await expect(store.query('SELECT * FROM contract_missing_table')).rejects.toThrow(/contract_missing_table/);
    });

    it('applies numbered migrations once, records them, and refuses an edited one', async () => {
      const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-migrations-'));
      await writeFile(
        path.join(directory, '001_create_widgets.sql'),
        '-- widgets for the contract\nCREATE TABLE widgets (id UInt32) ENGINE = MergeTree ORDER BY id;\n',
      );
      await writeFile(path.join(directory, '002_widget_rows.sql'), 'INSERT INTO widgets VALUES (1);\nINSERT INTO widgets VALUES (2);\n');
      // Its own history table, so the project's migrations (same version numbers) stay unaffected.
      const options = { table: 'contract_migrations' };
      expect(await applyMigrations(store, directory, undefined, options)).toEqual({ applied: ['1_create_widgets', '2_widget_rows'], alreadyApplied: 0 });
      expect(await applyMigrations(store, directory, undefined, options)).toEqual({ applied: [], alreadyApplied: 2 });
      const [count] = await store.query<{ n: number }>('SELECT count() AS n FROM widgets');
      expect(count?.n).toBe(2);
      const recorded = await store.query<{ version: number; name: string }>('SELECT version, name FROM contract_migrations ORDER BY version');
      expect(recorded).toEqual([
        { version: 1, name: 'create_widgets' },
        { version: 2, name: 'widget_rows' },
      ]);

      await writeFile(path.join(directory, '002_widget_rows.sql'), 'INSERT INTO widgets VALUES (3);\n');
      await expect(applyMigrations(store, directory, undefined, options)).rejects.toThrow(/2_widget_rows was edited after it was applied/);
    });

    it('applies the project migrations in schemas/clickhouse', async () => {
      const directory = path.resolve(import.meta.dirname, '../../../../schemas/clickhouse');
      const first = await applyMigrations(store, directory);
      const second = await applyMigrations(store, directory);
      expect(second.applied).toEqual([]);
      expect(second.alreadyApplied).toBe(first.applied.length + first.alreadyApplied);
    });
  });
}
