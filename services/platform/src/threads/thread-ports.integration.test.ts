import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChdbStore } from '../analytics/chdb-store.js';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { answerCalls, callerOver } from './port-calls.js';
import { remoteAnalyticsStore, STORE_CALLS, storeIdentity } from './thread-ports.js';

describe("a thread's AnalyticsStore, over a port to chDB", () => {
  let directory: string;
  let store: AnalyticsStore;
  const channel = new MessageChannel();
  const called: string[] = [];
  const answered: unknown[] = [];
  let remote: AnalyticsStore;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-thread-ports-'));
    store = await createChdbStore({ path: directory, database: 'thread_ports' });
    // The main thread's end: the real store, each call's method noted.
    const recorded = Object.fromEntries(
      STORE_CALLS.map((method) => [
        method,
        (...args: unknown[]) => {
          called.push(method);
          const answer = (store[method] as (...values: unknown[]) => Promise<unknown>).apply(store, args);
          void answer.then((value) => answered.push(value));
          return answer;
        },
      ]),
    );
    answerCalls(channel.port1, 'test', { store: recorded }, { store: STORE_CALLS }, () => undefined);
    remote = remoteAnalyticsStore(callerOver(channel.port2), storeIdentity(store));
  });
  afterAll(async () => {
    channel.port1.close();
    channel.port2.close();
    await store?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('writes flat rows as TabSeparated, and reads them back as the rows it was given', async () => {
    await store.command(
      "CREATE TABLE summaries (id String, note Nullable(String), score UInt8, generated Bool, at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY id",
    );
    const rows = [
      { id: 'DE-1', note: '{"factors":[{"name":"age","detail":"tab\\there"}]}', score: 7, generated: false, at: '2026-11-30T10:00:00.000Z' },
      { id: 'DE-2', note: null, score: 1, generated: true, at: '2026-11-30T10:00:00.000Z' },
    ];
    called.length = 0;
    await remote.insert('summaries', rows);
    expect(called).toEqual(['insertTabSeparated']);
    expect(await remote.query("SELECT id, note, score, generated, formatDateTime(at, '%Y-%m-%dT%H:%i:%S.000Z') AS at FROM summaries ORDER BY id")).toEqual(
      rows,
    );
  });

  it("reads rows as the engine's bytes, handed to the thread without a copy", async () => {
    called.length = 0;
    answered.length = 0;
    const rows = await remote.query<{ n: number; label: string }>("SELECT number AS n, concat('São Paulo ', toString(number)) AS label FROM numbers(5000)");
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ n: 4999, label: 'São Paulo 4999' });
    // As compact JSON: the column names once, then each row's values.
    expect(called).toEqual(['queryCompactJsonBytes']);
    // The main thread's bytes went with the answer: its view of them is empty.
    expect(answered).toHaveLength(1);
    expect((answered[0] as Uint8Array).byteLength).toBe(0);
  });

  it('reads text as JSONEachRow, one object per line, for a caller that parses it itself', async () => {
    called.length = 0;
    const text = await remote.queryText("SELECT number AS n, 'a\\tb' AS label FROM numbers(2)");
    expect(text).toBe('{"n":0,"label":"a\\tb"}\n{"n":1,"label":"a\\tb"}\n');
    expect(called).toEqual(['queryJsonBytes']);
  });

  it('writes rows with a nested value as JSON', async () => {
    await store.command('CREATE TABLE builds (version UInt32, step_seconds Map(String, Float64)) ENGINE = MergeTree ORDER BY version');
    called.length = 0;
    await remote.insert('builds', [{ version: 3, step_seconds: { plan: 0.25 } }]);
    expect(called).toEqual(['insertJsonRows']);
    expect(await remote.query('SELECT version, step_seconds FROM builds')).toEqual([{ version: 3, step_seconds: { plan: 0.25 } }]);
  });
});
