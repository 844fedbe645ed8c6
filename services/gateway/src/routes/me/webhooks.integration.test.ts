/**
 * A user's webhooks through the API on chDB: the secret shown once, URLs held to the public
 * internet, a test event delivered and verified by a real local receiver (this gateway allows
 * private networks; another does not), another user's webhook a 404, and the admin's delivery log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, verifyWebhookSignature } from '@ust/platform';
import { WATCHLIST_LIMITS } from '@ust/schemas';
import { buildGateway } from '../../build.js';
import { startTestGateway, TEST_ADMIN, type TestGateway } from '../../testing/test-gateway.js';

describe('webhooks', () => {
  let test: TestGateway;
  let server: http.Server;
  let url: string;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=private-part`;
    test = await startTestGateway('webhook-routes', { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  afterAll(async () => {
    await test?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('makes a webhook whose secret is shown once, sends it a signed test event, and logs the delivery for admins by host only', async () => {
    const ann = await test.signIn({ sub: 'local|ann-hooks', email: 'ann@example.com', name: 'Ann' });
    const bob = await test.signIn({ sub: 'local|bob-hooks', email: 'bob@example.com', name: 'Bob' });
    const call = (method: string, path: string, headers: Record<string, string>, payload?: object) =>
      test.gateway.inject({ method: method as 'GET', url: path, headers, ...(payload === undefined ? {} : { payload }) });

    const created = await call('POST', '/api/me/webhooks', ann.headers, { url });
    expect(created.statusCode).toBe(200);
    const webhook = created.json();
    expect(webhook).toMatchObject({ url, last_delivery: null });
    expect(webhook.id).toMatch(/^wh-[0-9a-f]{16}$/);
    expect(webhook.secret).toMatch(/^whsec_/);
    const listed = (await call('GET', '/api/me/webhooks', ann.headers)).json();
    expect(listed.webhooks).toEqual([{ id: webhook.id, url, created_at: webhook.created_at, last_delivery: null }]);
    expect(JSON.stringify(listed)).not.toContain(webhook.secret);

    const tested = await call('POST', `/api/me/webhooks/${webhook.id}/test`, ann.headers);
    expect(tested.json()).toMatchObject({ ok: true, status: 202, error: null });
    const { headers, body } = received.at(-1)!;
    expect(JSON.parse(body)).toMatchObject({ type: 'test', alerts: [] });
    expect(verifyWebhookSignature(webhook.secret, headers['x-ust-timestamp'] as string, body, headers['x-ust-signature'] as string)).toBe(true);
    expect((await call('GET', '/api/me/webhooks', ann.headers)).json().webhooks[0].last_delivery).toMatchObject({ ok: true, status: 202, error: null });

    // Bob cannot see, test or delete Ann's webhook.
    expect((await call('GET', '/api/me/webhooks', bob.headers)).json()).toEqual({ webhooks: [] });
    const sent = received.length;
    expect((await call('POST', `/api/me/webhooks/${webhook.id}/test`, bob.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/webhooks/${webhook.id}`, bob.headers)).statusCode).toBe(404);
    expect(received).toHaveLength(sent);

    const admin = await test.signIn(TEST_ADMIN);
    const log = await call('GET', '/api/admin/webhook-deliveries', admin.headers);
    expect(log.json().deliveries).toEqual([
      expect.objectContaining({ owner_id: ann.userId, webhook_id: webhook.id, host: url.split('/')[2], ok: true, status: 202, dead: false }),
    ]);
    expect(log.body).not.toContain('private-part');
    expect((await call('GET', '/api/admin/webhook-deliveries?dead_only=true', admin.headers)).json()).toEqual({ deliveries: [] });
    expect((await call('GET', '/api/admin/webhook-deliveries', ann.headers)).statusCode).toBe(403);

    expect((await call('DELETE', `/api/me/webhooks/${webhook.id}`, ann.headers)).json()).toEqual({ deleted: true });
    expect((await call('GET', '/api/me/webhooks', ann.headers)).json()).toEqual({ webhooks: [] });
  });

  it('refuses a URL off the public internet where private networks are not allowed, and more webhooks than the limit', async () => {
    // A gateway as production runs it, on the same stores (one chDB per process).
    const strict = await buildGateway({
      config: loadConfig({ ...test.issuer.env, DATA_DIR: test.embedded.dataDir, RATE_LIMIT_PER_MINUTE: '100000' }),
      ports: test.embedded.ports,
      logger: createLogger('webhook-routes-strict', { level: 'silent' }),
      signingKeys: test.issuer.signingKeys,
    });
    try {
      const carol = await test.signIn({ sub: 'local|carol-hooks', email: 'carol@example.com', name: 'Carol' });
      const post = (target: string) => strict.inject({ method: 'POST', url: '/api/me/webhooks', headers: carol.headers, payload: { url: target } });
      for (const [target, reason] of [
        ['http://hooks.example.com/x', 'body.url must use https'],
        ['https://169.254.169.254/latest/meta-data', 'body.url must be on the public internet'],
        ['https://localhost:8443/x', 'body.url must be on the public internet'],
        ['https://user:pw@hooks.example.com/x', 'body.url must not carry a user name or password'],
      ] as const) {
        const refused = await post(target);
        expect({ target, status: refused.statusCode, message: refused.json().error.message }).toEqual({ target, status: 400, message: reason });
      }
      for (let n = 0; n < WATCHLIST_LIMITS.webhooksPerUser; n++) expect((await post(`https://hooks.example.com/${n}`)).statusCode).toBe(200);
      const over = await post('https://hooks.example.com/one-too-many');
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message).toBe(`You have ${WATCHLIST_LIMITS.webhooksPerUser} webhooks, the most one user may keep`);
    } finally {
      await strict.close();
    }
  });
});
