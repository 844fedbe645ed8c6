/**
 * The deliver-webhook job (JobNames.deliverWebhook; docs/decisions/0122-webhooks.md): POSTs one
 * user's alerts of one version to one of their webhooks, signed, and logs the try. A failed try
 * throws, so the queue tries again with back-off; the last try that fails, or a URL the platform
 * will not send to, is logged as dead (the admin console's dead-letter list).
 */
import { postWebhook, UnrecoverableError, type AnalyticsStore, type Logger, type Processor } from '@ust/platform';
import { readAlertsOfVersion, readUserRecords, recordWebhookDelivery } from '@ust/read-model';
import { JobNames, type DeliverWebhookData } from '@ust/schemas';

/** Tries of one delivery, 90 s apart at first and doubling: the last about 25 hours after the first (DECISIONS.md 44: 24 h). */
export const WEBHOOK_ATTEMPTS = 11;
export const WEBHOOK_BACKOFF_MS = 90_000;

export interface StoredWebhook {
  id: string;
  url: string;
  secret: string;
  created_at: string;
}

export interface WebhookDeliveryDeps {
  store: AnalyticsStore;
  log: Logger;
  allowPrivateNetworks: boolean;
  now?: () => Date;
}

export interface WebhookDeliveryResult {
  delivery_id: string;
  delivered: number;
  skipped: string | null;
}

export const webhookDeliveryId = (webhookId: string, version: number) => `webhook-${webhookId}-v${version}`;

export function parseDeliverWebhookData(data: unknown): DeliverWebhookData {
  const { owner_id: owner, webhook_id: webhook, version } = (data ?? {}) as Record<string, unknown>;
  if (typeof owner !== 'string' || owner === '' || typeof webhook !== 'string' || webhook === '' || !Number.isInteger(version) || (version as number) < 1) {
    throw new UnrecoverableError(`deliver-webhook needs owner_id, webhook_id and a version, got ${JSON.stringify(data)}`);
  }
  return { owner_id: owner, webhook_id: webhook, version: version as number };
}

export function webhookDeliveryProcessor({
  store,
  log,
  allowPrivateNetworks,
  now = () => new Date(),
}: WebhookDeliveryDeps): Processor<unknown, WebhookDeliveryResult> {
  return async (job) => {
    const { owner_id: owner, webhook_id: webhookId, version } = parseDeliverWebhookData(job.data);
    const deliveryId = webhookDeliveryId(webhookId, version);
    const record = (await readUserRecords(store, owner, ['webhook'])).find((document) => document.id === webhookId);
    if (!record) return { delivery_id: deliveryId, delivered: 0, skipped: 'the webhook was deleted' };
    const webhook = JSON.parse(record.record) as StoredWebhook;
    const alerts = await readAlertsOfVersion(store, owner, version);
    if (alerts.length === 0) return { delivery_id: deliveryId, delivered: 0, skipped: 'no alert of this version' };
    const first = alerts[0]!;
    const body = JSON.stringify({
      type: 'alerts',
      delivery_id: deliveryId,
      dataset_version: version,
      base_version: first.base_version,
      sent_at: now().toISOString(),
      alerts,
    });
    const answer = await postWebhook(webhook.url, webhook.secret, body, { allowPrivateNetworks, deliveryId, now: now().getTime() });
    const attempt = job.attemptsMade + 1;
    const dead = !answer.ok && (answer.refused || attempt >= WEBHOOK_ATTEMPTS);
    await recordWebhookDelivery(store, {
      delivery_id: deliveryId,
      owner_id: owner,
      webhook_id: webhookId,
      host: new URL(webhook.url).host,
      attempt,
      at: now().toISOString(),
      ok: answer.ok,
      status: answer.status,
      error: answer.error,
      duration_ms: answer.durationMs,
      alerts: alerts.length,
      dead,
    });
    if (answer.ok) {
      log.info(
        { job: JobNames.deliverWebhook, owner, webhook: webhookId, version, attempt, status: answer.status },
        `webhook ${webhookId}: ${alerts.length} alerts of v${version} delivered`,
      );
      return { delivery_id: deliveryId, delivered: alerts.length, skipped: null };
    }
    const reason = `webhook ${webhookId}: delivery of v${version} failed on try ${attempt} of ${WEBHOOK_ATTEMPTS}: ${answer.error}`;
    log.warn({ job: JobNames.deliverWebhook, owner, webhook: webhookId, version, attempt, status: answer.status, dead }, reason);
    throw answer.refused ? new UnrecoverableError(reason) : new Error(reason);
  };
}
