/**
 * A user's webhooks (docs/decisions/0122-webhooks.md): where their alerts are POSTed, signed. The
 * signing secret is shown once, when the webhook is made; a test button sends a signed test event
 * at once and answers what the receiver said. Another user's webhook is a 404, as one that does
 * not exist.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { newWebhookSecret, postWebhook, webhookUrlProblem } from '@ust/platform';
import { lastDeliveriesOf, readUserRecords, recordWebhookDelivery, writeUserRecords } from '@ust/read-model';
import { CreateWebhookBody, Deleted, ErrorBody, WATCHLIST_LIMITS, WebhookCreated, WebhookIdParams, WebhooksResponse, WebhookTestResult } from '@ust/schemas';

interface StoredWebhook {
  id: string;
  url: string;
  secret: string;
  created_at: string;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

const webhookRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify.ports;
  const allowPrivateNetworks = fastify.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

  const webhooksOf = async (userId: string): Promise<StoredWebhook[]> =>
    (await readUserRecords(store, userId, ['webhook'])).map((document) => JSON.parse(document.record) as StoredWebhook);
  const ownWebhook = async (userId: string, id: string): Promise<StoredWebhook> => {
    const webhook = (await webhooksOf(userId)).find((candidate) => candidate.id === id);
    if (!webhook) throw fastify.httpErrors.notFound(`Webhook ${id} not found`);
    return webhook;
  };

  fastify.get(
    '/webhooks',
    { schema: { tags: ['watchlists'], summary: 'Your webhooks, each with its last delivery', response: { 200: WebhooksResponse, ...errors } } },
    async (request) => {
      const webhooks = await webhooksOf(request.principal!.userId);
      const last = await lastDeliveriesOf(
        store,
        webhooks.map((webhook) => webhook.id),
      );
      return { webhooks: webhooks.map(({ id, url, created_at }) => ({ id, url, created_at, last_delivery: last.get(id) ?? null })) };
    },
  );

  fastify.post(
    '/webhooks',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'A new webhook: your alerts are POSTed to the URL, signed with the secret this answer shows once',
        body: CreateWebhookBody,
        response: { 200: WebhookCreated, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const { url } = request.body;
      const problem = webhookUrlProblem(url, allowPrivateNetworks);
      if (problem) throw fastify.httpErrors.badRequest(`body.url ${problem}`);
      const existing = await webhooksOf(userId);
      if (existing.length >= WATCHLIST_LIMITS.webhooksPerUser) {
        throw fastify.httpErrors.conflict(`You have ${existing.length} webhooks, the most one user may keep`);
      }
      const webhook: StoredWebhook = { id: `wh-${randomBytes(8).toString('hex')}`, url, secret: newWebhookSecret(), created_at: new Date().toISOString() };
      await writeUserRecords(store, userId, [{ kind: 'webhook', id: webhook.id, record: webhook }]);
      return { ...webhook, last_delivery: null };
    },
  );

  fastify.delete(
    '/webhooks/:id',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Deletes a webhook: nothing more is sent to it',
        params: WebhookIdParams,
        response: { 200: Deleted, 404: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const webhook = await ownWebhook(userId, request.params.id);
      await writeUserRecords(store, userId, [{ kind: 'webhook', id: webhook.id, record: null }]);
      return { deleted: true as const };
    },
  );

  fastify.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Sends a signed test event to the webhook now and answers what the receiver said',
        params: WebhookIdParams,
        response: { 200: WebhookTestResult, 404: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const webhook = await ownWebhook(userId, request.params.id);
      const at = new Date();
      const deliveryId = `test-${webhook.id}-${at.getTime()}`;
      const body = JSON.stringify({ type: 'test', delivery_id: deliveryId, sent_at: at.toISOString(), alerts: [] });
      const answer = await postWebhook(webhook.url, webhook.secret, body, { allowPrivateNetworks, deliveryId, now: at.getTime() });
      await recordWebhookDelivery(store, {
        delivery_id: deliveryId,
        owner_id: userId,
        webhook_id: webhook.id,
        host: new URL(webhook.url).host,
        attempt: 1,
        at: at.toISOString(),
        ok: answer.ok,
        status: answer.status,
        error: answer.error,
        duration_ms: answer.durationMs,
        alerts: 0,
        dead: false,
      });
      return { ok: answer.ok, status: answer.status, error: answer.error, duration_ms: answer.durationMs };
    },
  );
};

export default webhookRoutes;
