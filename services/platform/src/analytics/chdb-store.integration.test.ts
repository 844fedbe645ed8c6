import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChdbStore } from './chdb-store.js';

describe('chDB store', () => {
  it('refuses a second data directory in the same process, and keeps data across reopen', async () => {
    const first = await mkdtemp(path.join(os.tmpdir(), 'ust-chdb-a-'));
    const store = await createChdbStore({ path: first, database: 'one' });
    await store.command('CREATE TABLE kept (id UInt8) ENGINE = MergeTree ORDER BY id');
    await store.insert('kept', [{ id: 7 }]);
    await expect(createChdbStore({ path: `${first}-other`, database: 'one' })).rejects.toThrow(/already open on/);
    await store.close();

    const reopened = await createChdbStore({ path: first, database: 'one' });
    expect(await reopened.query('SELECT id FROM kept')).toEqual([{ id: 7 }]);
    await reopened.close();
  });

  it('lets a running statement finish on close, then refuses new ones', async () => {
    const store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-chdb-c-')), database: 'closing' });
    const running = store.query<{ n: number }>('SELECT count() AS n FROM (SELECT sleepEachRow(0.1) FROM numbers(3))');
    await store.close();
    await expect(running).resolves.toEqual([{ n: 3 }]);
    await expect(store.query('SELECT 1')).rejects.toThrow('AnalyticsStore (chdb) is closed');
  });
});
