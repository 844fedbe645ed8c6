/**
 * Webhook deliveries on chDB to a real local receiver: a user's alerts of a version, signed and
 * verified by the receiver; a failed try throws (so the queue tries again) and is logged; the last
 * failed try, or a URL the platform will not send to, is logged dead, the admin's dead letter.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createChdbStore, createLogger, migrationsDirectory, verifyWebhookSignature, type AnalyticsStore } from '@ust/platform';
import { listWebhookDeliveries, writeAlerts, writeUserRecords } from '@ust/read-model';
import { JobNames } from '@ust/schemas';
import { watchAlertRecord } from '@ust/schemas/testing';
import { WEBHOOK_ATTEMPTS, webhookDeliveryProcessor, type WebhookDeliveryResult } from './deliver-webhook-job.js';

const log = createLogger('webhook-test', { level: 'silent' });
const owner = 'u_webhook_owner';
const secret = 'whsec_integration';

describe('webhook deliveries', () => {
  let directory: string;
  let store: AnalyticsStore;
  let server: http.Server;
  let url: string;
  let answerWith = 200;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

  const deliver = (attemptsMade: number, allowPrivateNetworks = true) =>
    webhookDeliveryProcessor({ store, log, allowPrivateNetworks })({
      id: 'webhook-wh-1-v7',
      name: JobNames.deliverWebhook,
      data: { owner_id: owner, webhook_id: 'wh-1', version: 7 },
      attemptsMade,
      stalledCount: 0,
    }) as Promise<WebhookDeliveryResult>;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-webhooks-'));
    store = await createChdbStore({ path: directory, database: 'webhook_test' });
    await applyMigrations(store, migrationsDirectory);
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answerWith).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ust-alerts`;
    await writeUserRecords(store, owner, [{ kind: 'webhook', id: 'wh-1', record: { id: 'wh-1', url, secret, created_at: '2026-11-30T00:00:00.000Z' } }]);
    await writeAlerts(store, [{ owner_id: owner, alert: watchAlertRecord({ id: 'al-w1', created_at: '2026-11-30T01:00:00.000Z' }) }]);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await store?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("POSTs the version's alerts, signed as the receiver verifies, and logs the delivery", async () => {
    expect(await deliver(0)).toEqual({ delivery_id: 'webhook-wh-1-v7', delivered: 1, skipped: null });
    const { headers, body } = received.at(-1)!;
    expect(verifyWebhookSignature(secret, headers['x-ust-timestamp'] as string, body, headers['x-ust-signature'] as string)).toBe(true);
    expect(headers['x-ust-delivery']).toBe('webhook-wh-1-v7');
    const payload = JSON.parse(body) as { type: string; dataset_version: number; base_version: number; alerts: Array<{ id: string; summary: string }> };
    expect(payload).toMatchObject({ type: 'alerts', delivery_id: 'webhook-wh-1-v7', dataset_version: 7, base_version: 6 });
    expect(payload.alerts.map((alert) => alert.id)).toEqual(['al-w1']);
    const [logged] = await listWebhookDeliveries(store, { limit: 10, deadOnly: false });
    expect(logged).toMatchObject({
      delivery_id: 'webhook-wh-1-v7',
      webhook_id: 'wh-1',
      host: url.split('/')[2],
      attempt: 1,
      ok: true,
      status: 200,
      alerts: 1,
      dead: false,
    });
  });

  it('throws on a failed try so it is tried again, and marks the last one dead', async () => {
    answerWith = 503;
    await expect(deliver(1)).rejects.toThrow(`webhook wh-1: delivery of v7 failed on try 2 of ${WEBHOOK_ATTEMPTS}: the receiver answered 503`);
    await expect(deliver(WEBHOOK_ATTEMPTS - 1)).rejects.toThrow(`try ${WEBHOOK_ATTEMPTS} of ${WEBHOOK_ATTEMPTS}`);
    answerWith = 200;
    const dead = await listWebhookDeliveries(store, { limit: 10, deadOnly: true });
    expect(dead).toEqual([expect.objectContaining({ attempt: WEBHOOK_ATTEMPTS, ok: false, status: 503, error: 'the receiver answered 503', dead: true })]);
    const all = await listWebhookDeliveries(store, { limit: 10, deadOnly: false });
    expect(all.map((row) => [row.attempt, row.ok, row.dead])).toEqual(
      expect.arrayContaining([
        [2, false, false],
        [WEBHOOK_ATTEMPTS, false, true],
      ]),
    );
  });

  it('gives up at once on a URL the platform will not send to, and skips a deleted webhook', async () => {
    const before = received.length;
    await expect(deliver(0, false)).rejects.toMatchObject({ name: 'UnrecoverableError', message: expect.stringContaining('the URL must use https') });
    expect(received).toHaveLength(before);
    expect((await listWebhookDeliveries(store, { limit: 10, deadOnly: true }))[0]).toMatchObject({ attempt: 1, dead: true, status: null });

    await writeUserRecords(store, owner, [{ kind: 'webhook', id: 'wh-1', record: null }]);
    expect(await deliver(0)).toEqual({ delivery_id: 'webhook-wh-1-v7', delivered: 0, skipped: 'the webhook was deleted' });
    expect(received).toHaveLength(before);
  });
});
