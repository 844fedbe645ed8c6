/** Signed webhooks: the signature a receiver checks, the addresses a webhook may reach, and a delivery to a real local receiver. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, postWebhook, publicOnlyLookup, signWebhook, verifyWebhookSignature, webhookUrlProblem } from './webhooks.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"type":"test"}';
  const now = Date.parse('2026-11-30T12:00:00.000Z');
  const timestamp = now / 1000;

  it('signs timestamp.body with HMAC-SHA256 and verifies only the same body, secret and a recent timestamp', () => {
    const signature = signWebhook(secret, timestamp, body);
    // As openssl computes it: echo -n '1796040000.{"type":"test"}' | openssl dgst -sha256 -hmac whsec_test
    expect(signature).toBe('sha256=aa81dcf95349733c6481918f8a09f86a67c588b00f93e2eb6bf8f2161a48edca');
    expect(verifyWebhookSignature(secret, String(timestamp), body, signature, now)).toBe(true);
    expect(verifyWebhookSignature(secret, String(timestamp), `${body} `, signature, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', String(timestamp), body, signature, now)).toBe(false);
    expect(verifyWebhookSignature(secret, String(timestamp + 1), body, signature, now)).toBe(false);
    // A replay of a captured delivery ten minutes later is refused.
    expect(verifyWebhookSignature(secret, String(timestamp), body, signature, now + 600_000)).toBe(false);
    expect(verifyWebhookSignature(secret, 'soon', body, signature, now)).toBe(false);
  });
});

describe('where a webhook may go', () => {
  it('tells public addresses from loopback, private, link-local, shared and mapped ones', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
    }
  });

  it('refuses a URL that is not https, carries credentials or names a non-public host, unless private networks are allowed', () => {
    expect(webhookUrlProblem('https://hooks.example.com/ust', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/ust', false)).toBe('must use https');
    expect(webhookUrlProblem('ftp://hooks.example.com/ust', true)).toBe('must use https');
    expect(webhookUrlProblem('https://user:pass@hooks.example.com/', false)).toBe('must not carry a user name or password');
    expect(webhookUrlProblem('https://169.254.169.254/latest/meta-data', false)).toBe('must be on the public internet');
    expect(webhookUrlProblem('https://[::1]:8443/', false)).toBe('must be on the public internet');
    expect(webhookUrlProblem('https://localhost/', false)).toBe('must be on the public internet');
    expect(webhookUrlProblem('not a url', false)).toBe('is not a URL');
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', true)).toBeNull();
  });

  it('refuses, when the connection is made, a name that resolves to a non-public address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (failure) => resolve(failure)));
    expect(error?.code).toBe('EWEBHOOKBLOCKED');
    expect(error?.message).toMatch(/^localhost resolves to .+, which is not on the public internet$/);
  });
});

describe('postWebhook', () => {
  let server: http.Server;
  let url: string;
  let answerWith = 204;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answerWith).end('x'.repeat(10_000));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the body signed, which the receiver verifies, and reports its answer', async () => {
    const answer = await postWebhook(url, 'whsec_local', '{"type":"test"}', { allowPrivateNetworks: true, deliveryId: 'd-1' });
    expect(answer).toMatchObject({ ok: true, status: 204, error: null, refused: false });
    const [{ headers, body }] = received.slice(-1) as [{ headers: http.IncomingHttpHeaders; body: string }];
    expect(body).toBe('{"type":"test"}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-ust-delivery']).toBe('d-1');
    expect(verifyWebhookSignature('whsec_local', headers['x-ust-timestamp'] as string, body, headers['x-ust-signature'] as string)).toBe(true);

    answerWith = 500;
    expect(await postWebhook(url, 'whsec_local', '{}', { allowPrivateNetworks: true, deliveryId: 'd-2' })).toMatchObject({
      ok: false,
      status: 500,
      error: 'the receiver answered 500',
      refused: false,
    });
    answerWith = 204;
  });

  it('sends nothing to a local receiver when private networks are not allowed, and reports a receiver that is not there', async () => {
    const before = received.length;
    expect(await postWebhook(url, 'whsec_local', '{}', { allowPrivateNetworks: false, deliveryId: 'd-3' })).toMatchObject({
      ok: false,
      status: null,
      error: 'the URL must use https',
      refused: true,
    });
    expect(received).toHaveLength(before);
    const closed = await postWebhook('http://127.0.0.1:1/hook', 'whsec_local', '{}', { allowPrivateNetworks: true, deliveryId: 'd-4' });
    expect(closed).toMatchObject({ ok: false, status: null, refused: false });
    expect(closed.error).toMatch(/ECONNREFUSED/);
  });
});
