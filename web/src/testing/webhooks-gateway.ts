/**
 * The gateway's webhook routes over webhooks kept in memory, for the component tests of the
 * Settings Webhooks section and the admin console's Webhook Deliveries: add (the secret in that
 * answer only; https and at most 5, as the gateway refuses), list, delete, Send test (answered
 * with `testResult`), and the admin delivery log with `?dead_only=`. Ids are `wh-1`, `wh-2`, ...
 */
import type { AdminWebhookDelivery, AdminWebhookDeliveries, Webhook, WebhookCreated, WebhooksResponse, WebhookTestResult } from '@ust/schemas';
import { WATCHLIST_LIMITS } from '@ust/schemas/constants';
import { gatewayError, type GatewayCall, type GatewayReply, type GatewayRoutes } from './gateway-stub';

/** The stub's table needs every path up front: enough ids for any one test. */
const MAX_WEBHOOKS = 9;
/** As `AdminWebhookDeliveriesQuery.limit` allows. */
const MAX_LIMIT = 500;

const NOW = '2025-03-04T10:00:00.000Z';

export interface FakeWebhooks {
  routes: GatewayRoutes;
  /** The webhooks as the gateway holds them now, with their secrets. */
  webhooks: WebhookCreated[];
  /** What Send test answers; change it between calls. */
  testResult: WebhookTestResult;
}

/** A failed first try of a delivery to hooks.example.com; `overrides` make it another. */
export function webhookDelivery(overrides: Partial<AdminWebhookDelivery> = {}): AdminWebhookDelivery {
  return {
    delivery_id: 'dl-1',
    owner_id: 'user-broker',
    webhook_id: 'wh-1',
    host: 'hooks.example.com',
    attempt: 1,
    at: '2025-03-05T14:30:00.000Z',
    ok: false,
    status: 500,
    error: 'the receiver answered 500',
    duration_ms: 120,
    alerts: 2,
    dead: false,
    ...overrides,
  };
}

/**
 * @param initial webhooks the user already has (ids and secrets are given in order)
 * @param deliveries the admin delivery log, newest first
 */
export function fakeWebhooks(initial: readonly Partial<Omit<Webhook, 'id'>>[] = [], deliveries: readonly AdminWebhookDelivery[] = []): FakeWebhooks {
  let next = 1;
  const webhooks: WebhookCreated[] = [];
  const add = (fields: Partial<Omit<Webhook, 'id'>>): WebhookCreated => {
    const n = next++;
    const webhook: WebhookCreated = {
      url: `https://hooks.example.com/${n}`,
      created_at: NOW,
      last_delivery: null,
      ...fields,
      id: `wh-${n}`,
      secret: `whsec-secret-${n}`,
    };
    webhooks.push(webhook);
    return webhook;
  };
  for (const fields of initial) add(fields);
  const withoutSecret = ({ secret: _secret, ...webhook }: WebhookCreated): Webhook => webhook;

  const fake: FakeWebhooks = {
    webhooks,
    testResult: { ok: true, status: 202, error: null, duration_ms: 31 },
    routes: {
      'GET /api/me/webhooks': (): WebhooksResponse => ({ webhooks: webhooks.map(withoutSecret) }),
      'POST /api/me/webhooks': (call: GatewayCall): WebhookCreated | GatewayReply => {
        const { url } = call.body as { url: string };
        if (!url.startsWith('https://')) return gatewayError(400, 'BAD_REQUEST', 'body.url must use https');
        if (webhooks.length >= WATCHLIST_LIMITS.webhooksPerUser) {
          return gatewayError(409, 'CONFLICT', `You have ${webhooks.length} webhooks, the most one user may keep`);
        }
        return add({ url, created_at: NOW });
      },
      'GET /api/admin/webhook-deliveries': (call: GatewayCall): AdminWebhookDeliveries | GatewayReply => {
        const query = new URL(call.url, 'http://localhost').searchParams;
        const unknown = [...query.keys()].filter((name) => name !== 'limit' && name !== 'dead_only');
        if (unknown.length > 0) return gatewayError(400, 'VALIDATION_FAILED', `Unknown query parameter ${unknown.join(', ')}`);
        const limit = Number(query.get('limit') ?? 100);
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return gatewayError(400, 'VALIDATION_FAILED', `limit must be 1 to ${MAX_LIMIT}`);
        const deadOnly = query.get('dead_only') === 'true';
        return { deliveries: deliveries.filter((delivery) => !deadOnly || delivery.dead).slice(0, limit) };
      },
    },
  };

  const notFound = (id: string) => gatewayError(404, 'NOT_FOUND', `Webhook ${id} not found`);
  for (let n = 1; n <= MAX_WEBHOOKS; n++) {
    const id = `wh-${n}`;
    fake.routes[`DELETE /api/me/webhooks/${id}`] = () => {
      const index = webhooks.findIndex((webhook) => webhook.id === id);
      if (index < 0) return notFound(id);
      webhooks.splice(index, 1);
      return { deleted: true };
    };
    fake.routes[`POST /api/me/webhooks/${id}/test`] = () => {
      const webhook = webhooks.find((candidate) => candidate.id === id);
      if (!webhook) return notFound(id);
      const { ok, status, error } = fake.testResult;
      webhook.last_delivery = { at: NOW, ok, status, error };
      return fake.testResult;
    };
  }
  return fake;
}
