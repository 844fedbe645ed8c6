/** The webhook delivery log (docs/decisions/0122-webhooks.md): one row per try, read newest first by the admin console. */
import type { AnalyticsStore } from '@ust/platform';
import type { AdminWebhookDelivery, WatchAlert } from '@ust/schemas';

export type WebhookDeliveryRow = AdminWebhookDelivery;

export function recordWebhookDelivery(store: AnalyticsStore, row: WebhookDeliveryRow): Promise<void> {
  return store.insert('webhook_deliveries', [{ ...row, ok: row.ok ? 1 : 0, dead: row.dead ? 1 : 0 }]);
}

export async function listWebhookDeliveries(store: AnalyticsStore, { limit, deadOnly }: { limit: number; deadOnly: boolean }): Promise<WebhookDeliveryRow[]> {
  const rows = await store.query<Omit<WebhookDeliveryRow, 'ok' | 'dead'> & { ok: number; dead: number }>(
    `SELECT delivery_id, owner_id, webhook_id, host, attempt, concat(replaceOne(toString(at), ' ', 'T'), 'Z') AS at, ok, status, error, duration_ms, alerts, dead
       FROM webhook_deliveries
      WHERE {dead_only:UInt8} = 0 OR dead = 1
      ORDER BY at DESC, delivery_id, attempt DESC
      LIMIT {limit:UInt32}`,
    { limit, dead_only: deadOnly ? 1 : 0 },
  );
  return rows.map((row) => ({ ...row, ok: Boolean(Number(row.ok)), dead: Boolean(Number(row.dead)) }));
}

/** The last try of each of these webhooks' deliveries: what their owner's Settings shows. */
export async function lastDeliveriesOf(
  store: AnalyticsStore,
  webhookIds: readonly string[],
): Promise<Map<string, { at: string; ok: boolean; status: number | null; error: string | null }>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await store.query<{ webhook_id: string; last_at: string; last_ok: number; last_status: number | null; last_error: string | null }>(
    `SELECT webhook_id, concat(replaceOne(toString(max(at)), ' ', 'T'), 'Z') AS last_at, argMax(ok, at) AS last_ok,
            argMax(status, at) AS last_status, argMax(error, at) AS last_error
       FROM webhook_deliveries WHERE webhook_id IN {ids:Array(String)} GROUP BY webhook_id`,
    { ids: [...webhookIds] },
  );
  return new Map(rows.map((row) => [row.webhook_id, { at: row.last_at, ok: Boolean(Number(row.last_ok)), status: row.last_status, error: row.last_error }]));
}

/** One user's alerts of one version, as a webhook delivers them. */
export async function readAlertsOfVersion(store: AnalyticsStore, ownerId: string, version: number): Promise<Array<Omit<WatchAlert, 'unread'>>> {
  const rows = await store.query<{ alert: string }>(
    'SELECT alert FROM watch_alerts FINAL WHERE owner_id = {owner:String} AND dataset_version = {version:UInt32} ORDER BY alert_id',
    { owner: ownerId, version },
  );
  return rows.map((row) => JSON.parse(row.alert) as Omit<WatchAlert, 'unread'>);
}
