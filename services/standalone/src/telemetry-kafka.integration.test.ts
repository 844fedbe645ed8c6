/**
 * Telemetry through a real Kafka broker, and through its outage: while the broker is down the
 * gateway keeps answering and holds the events; after the broker is back they arrive in
 * ClickHouse, none lost. Entries of CJK text up to the context cap flow through without the
 * gateway ever holding more than its byte bound. The broker is this test's own (the shared one
 * serves other files).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { startKafkaBroker, type RestartableKafkaBroker } from '@ust/platform/testing';
import { MAX_STORED_CONTEXT_BYTES, type ClientLogEntry } from '@ust/schemas';
import { startStandalone, type Standalone } from './start-standalone.js';
import { adminLogs, bearerFor, eventually } from './telemetry-probe.js';

const log = createLogger('telemetry-kafka', { level: 'silent' });
/** Small enough that the CJK test below fills it many times over. */
const BUFFER_BYTES = 2 * 1024 * 1024;

describe('telemetry end to end on Kafka', () => {
  let broker: RestartableKafkaBroker;
  let standalone: Standalone;
  let admin: { authorization: string };
  const postLogs = (messages: string[], level = 'WARN') =>
    standalone.gateway.inject({
      method: 'POST',
      url: '/api/logs',
      payload: { logs: messages.map((message) => ({ timestamp: new Date().toISOString(), level, category: 'KAFKA_PROBE', message })) },
      headers: admin,
    });

  beforeAll(async () => {
    broker = await startKafkaBroker();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-telemetry-kafka-'));
    standalone = await startStandalone({
      config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'none', KAFKA_BROKERS: broker.url, TELEMETRY_BUFFER_BYTES: String(BUFFER_BYTES) }),
      log,
      listen: false,
    });
    admin = await bearerFor(standalone, 'admin');
  }, 180_000);
  afterAll(async () => {
    await standalone?.close();
    await broker?.stop();
  }, 60_000);

  it('runs on the broker and shows a posted entry in /admin/logs', async () => {
    expect(standalone.ports.events.adapter).toBe('kafka');
    expect((await postLogs(['kafka-probe-before'])).statusCode).toBe(202);
    const [row] = await eventually('the entry', async () => {
      const rows = await adminLogs(standalone, admin, 'kafka-probe-before');
      return rows.length ? rows : undefined;
    });
    expect(row).toMatchObject({ category: 'KAFKA_PROBE', level: 'WARN', message: 'kafka-probe-before' });
  }, 120_000);

  it('keeps answering while the broker is down and delivers the held events after it is back', async () => {
    await broker.halt();
    const held = Array.from({ length: 20 }, (_, index) => `kafka-probe-outage-${String(index).padStart(2, '0')}`);
    for (let index = 0; index < held.length; index += 5) {
      expect((await postLogs(held.slice(index, index + 5))).statusCode).toBe(202);
    }
    // The API still answers from ClickHouse and the cache.
    expect((await standalone.gateway.inject({ method: 'GET', url: '/api/me/activity', headers: admin })).statusCode).toBe(200);
    expect(standalone.gateway.telemetry.stats().held).toBeGreaterThanOrEqual(20);

    await broker.resume();
    const rows = await eventually(
      'all 20 held entries',
      async () => {
        const found = await adminLogs(standalone, admin, 'kafka-probe-outage-');
        return found.length === 20 ? found : undefined;
      },
      120_000,
    );
    expect(rows.map((row) => row.message).sort()).toEqual(held);
    expect(standalone.gateway.telemetry.stats()).toMatchObject({ dropped: 0, refused: 0 });
  }, 240_000);

  it('delivers 2,000 entries of CJK text up to the context cap, none lost or stuck, never holding more than its byte bound', async () => {
    const telemetry = standalone.gateway.telemetry;
    const before = telemetry.stats();
    const text = '漢字かな交じり文の記録';
    // Contexts from about 1 KB to over the 16 KB cap (3 bytes of UTF-8 a character).
    const entries: ClientLogEntry[] = Array.from({ length: 2_000 }, (_, index) => ({
      timestamp: new Date().toISOString(),
      level: index % 2 ? 'ERROR' : 'WARN',
      category: 'CJK_PROBE',
      message: `cjk-probe-${String(index).padStart(4, '0')} 在庫タンクの漏洩`,
      context: { index, text: text.repeat(30 + ((index * 97) % 570)) },
    }));
    const calls = Array.from({ length: Math.ceil(entries.length / 12) }, (_, index) => entries.slice(index * 12, index * 12 + 12));
    const heldBytes: number[] = [];
    let resent = 0;
    // Four callers at once; a 503 means "keep the entries and send them again later", as a browser does.
    const send = async () => {
      for (let logs = calls.shift(); logs; logs = calls.shift()) {
        for (;;) {
          const response = await standalone.gateway.inject({ method: 'POST', url: '/api/logs', payload: { logs }, headers: admin });
          heldBytes.push(telemetry.stats().heldBytes);
          if (response.statusCode === 202) break;
          expect(response.statusCode).toBe(503);
          resent += logs.length;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    await Promise.all([send(), send(), send(), send()]);

    const { store } = standalone.ports;
    const count = async () =>
      (await store.query<{ rows: number }>(`SELECT uniqExact(event_id) AS rows FROM logs FINAL WHERE category = 'CJK_PROBE'`))[0]?.rows ?? 0;
    await eventually('all 2,000 CJK entries in ClickHouse', async () => ((await count()) === 2_000 ? true : undefined), 180_000);

    const rows = await store.query<{ message: string; context: string }>(
      `SELECT message, context FROM logs FINAL WHERE category = 'CJK_PROBE' ORDER BY message`,
    );
    expect(rows.map((row) => row.message)).toEqual(entries.map((entry) => entry.message).sort());
    for (const row of rows) {
      expect(Buffer.byteLength(row.context, 'utf8')).toBeLessThanOrEqual(MAX_STORED_CONTEXT_BYTES);
      const stored = JSON.parse(row.context) as { index?: number; truncated?: boolean; original_bytes?: number };
      const sent = entries[Number(row.message.slice(10, 14))]!;
      const sentBytes = Buffer.byteLength(JSON.stringify(sent.context), 'utf8');
      expect(stored).toEqual(sentBytes > MAX_STORED_CONTEXT_BYTES ? expect.objectContaining({ truncated: true, original_bytes: sentBytes }) : sent.context);
    }
    expect(rows.filter((row) => row.context.startsWith('{"truncated":true')).length).toBeGreaterThan(100);

    const after = telemetry.stats();
    expect(Math.max(...heldBytes)).toBeLessThanOrEqual(BUFFER_BYTES);
    expect(after.peakHeldBytes).toBeLessThanOrEqual(BUFFER_BYTES);
    expect(after).toMatchObject({ held: 0, heldBytes: 0, deadLettered: 0, lost: 0 });
    // Entries the callers had to send again were refused, not dropped (request-log INFO events may be either).
    expect(after.refused - before.refused).toBeGreaterThanOrEqual(resent);
  }, 300_000);
});
