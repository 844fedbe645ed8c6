/**
 * Telemetry through a real Kafka broker, and through its outage: while the broker is down the
 * gateway keeps answering and holds the events; after the broker is back they arrive in
 * ClickHouse, none lost. The broker is this test's own (the shared one serves other files).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { startKafkaBroker, type RestartableKafkaBroker } from '@ust/platform/testing';
import { startStandalone, type Standalone } from './start-standalone.js';
import { adminLogs, bearerFor, eventually } from './telemetry-probe.js';

const log = createLogger('telemetry-kafka', { level: 'silent' });

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
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'none', KAFKA_BROKERS: broker.url }), log, listen: false });
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
});
