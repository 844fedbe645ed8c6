import { mkdtemp, readFile } from 'node:fs/promises';
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

  it('gives back to the operating system the memory a long statement freed', async () => {
    const anonymousMb = async () => Number(/RssAnon:\s+(\d+)/.exec(await readFile('/proc/self/status', 'utf8'))![1]) / 1024;
    const store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-chdb-m-')), database: 'memory' });
    await store.query('SELECT 1');
    const before = await anonymousMb();
    // About 700 MB inside the engine (30 million UInt64 in one array), freed when the statement ends.
    expect(await store.query('SELECT length(groupArray(number)) AS n FROM numbers(30000000)')).toEqual([{ n: 30_000_000 }]);
    // Kept by the allocator, the process would stay about 700 MB larger.
    expect((await anonymousMb()) - before).toBeLessThan(200);
    await store.close();
  });
});
