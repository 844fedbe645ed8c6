/**
 * The gateway in front of a remote issuer it reaches over HTTP, as in production: forged tokens
 * with made-up key ids must not turn into key-set fetches, a rotated key must still be found,
 * and a user whose access token has no e-mail gets it from the issuer's userinfo endpoint once.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { buildGateway } from '../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { startHttpTestIssuer, type HttpTestIssuer } from '../testing/http-test-issuer.js';
import { remoteSigningKeys } from './remote-signing-keys.js';
import { issuerMetadataSource } from './issuer-metadata.js';

const log = createLogger('remote-issuer-test', { level: 'silent' });

/** A token whose header names `kid`; its signature is junk, which does not matter: the key lookup comes first. */
function forgedToken(issuer: string, audience: string, kid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256', typ: 'at+jwt', kid })}.${part({ sub: 'evil|x', iss: issuer, aud: audience, iat: now, exp: now + 600 })}.${Buffer.from('not a signature').toString('base64url')}`;
}

describe('a remote issuer over HTTP', () => {
  let issuer: HttpTestIssuer;
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  const get = (url: string, token: string) => gateway.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const postProfile = (token: string, body: object) =>
    gateway.inject({ method: 'POST', url: '/api/user-profile', headers: { authorization: `Bearer ${token}` }, payload: body });

  beforeAll(async () => {
    issuer = await startHttpTestIssuer();
    embedded = await openEmbeddedTestPorts('remote-issuer-test');
    const config = loadConfig({ ...issuer.env, ADMIN_EMAILS: 'boss@example.com', RATE_LIMIT_PER_MINUTE: '100000' });
    gateway = await buildGateway({ config, ports: embedded.ports, logger: log });
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
    await issuer?.close();
  });

  it('verifies a token with a key from the JWKS named by the discovery document', async () => {
    const response = await get('/api/me/activity', await issuer.token({ sub: 'remote|ok' }));
    expect(response.statusCode).toBe(200);
    expect(issuer.hits('/.well-known/openid-configuration')).toBe(1);
    expect(issuer.hits('/jwks')).toBe(1);
  });

  it('answers 1,000 tokens with made-up key ids with 401 and at most one more key-set fetch', async () => {
    const before = issuer.hits('/jwks');
    const statuses = new Map<number, number>();
    for (let index = 0; index < 1000; index++) {
      const response = await get('/api/facilities-statistics', forgedToken(issuer.issuer, issuer.audience, randomUUID()));
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (index === 0) expect(response.json().error.message).toMatch(/^Access token rejected: the issuer has no signing key with kid "/);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 1000 });
    expect(issuer.hits('/jwks') - before).toBeLessThanOrEqual(1);
    expect(issuer.hits('/.well-known/openid-configuration')).toBe(1);
  });

  it('takes the e-mail of a token without one from the userinfo endpoint, once per user, and promotes it only if verified', async () => {
    issuer.setUserinfo('remote|boss', { email: 'boss@example.com', email_verified: true, name: 'The Boss' });
    const token = await issuer.token({ sub: 'remote|boss' });
    const first = await postProfile(token, { sub: 'remote|boss', email: 'someone@else.example' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect(issuer.hits('/userinfo')).toBe(1);

    issuer.setUserinfo('remote|claimer', { email: 'boss@example.com', email_verified: false });
    const claimer = await postProfile(await issuer.token({ sub: 'remote|claimer' }), { sub: 'remote|claimer' });
    expect(claimer.json()).toMatchObject({ email: 'boss@example.com', role: 'general' });
    expect(issuer.hits('/userinfo')).toBe(2);

    // The answer is kept: the same user's next token does not ask again.
    await gateway.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${await issuer.token({ sub: 'remote|boss', name: 'x' })}` },
      payload: { sub: 'remote|boss' },
    });
    expect(issuer.hits('/userinfo')).toBe(2);
  });

  it('refuses a userinfo answer about another subject, recording no e-mail', async () => {
    issuer.setUserinfo('remote|swapped', { sub: 'remote|boss', email: 'boss@example.com', email_verified: true });
    const response = await postProfile(await issuer.token({ sub: 'remote|swapped' }), { sub: 'remote|swapped', email: 'boss@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: '', role: 'general' });
  });
});

describe('remote signing keys', () => {
  let issuer: HttpTestIssuer;
  beforeAll(async () => {
    issuer = await startHttpTestIssuer();
  });
  afterAll(() => issuer?.close());

  it('fetches the key set at most once per 30 s for unknown kids, and finds a rotated key after that', async () => {
    let clock = 1_000_000;
    const keys = remoteSigningKeys({ jwksUri: issuerMetadataSource(issuer.issuer, globalThis.fetch), now: () => clock });
    expect(await keys({ kid: 'http-key-1' })).toMatch(/BEGIN PUBLIC KEY/);
    expect(keys.fetches()).toBe(1);

    const rotated = await issuer.rotateKey();
    await expect(keys({ kid: rotated })).rejects.toThrow(`no signing key with kid "${rotated}"`);
    for (let index = 0; index < 200; index++) await expect(keys({ kid: `made-up-${index}` })).rejects.toThrow(/no signing key/);
    expect(keys.fetches()).toBe(1);

    clock += 30_000;
    // The rotated kid was answered as unknown a moment ago: it is remembered as such for a while...
    await expect(keys({ kid: rotated })).rejects.toThrow(/no signing key/);
    // ...but a kid not seen before sends the gateway to the issuer, which now has the new key.
    await expect(keys({ kid: 'another-made-up' })).rejects.toThrow(/no signing key/);
    expect(keys.fetches()).toBe(2);
    expect(await keys({ kid: rotated })).toMatch(/BEGIN PUBLIC KEY/);
    expect(keys.fetches()).toBe(2);
  });

  it('keeps serving known keys while the issuer is unreachable, and says so for unknown ones', async () => {
    let clock = 0;
    let reachable = true;
    const fetch = (url: string, init?: RequestInit) => (reachable ? globalThis.fetch(url, init) : Promise.reject(new Error('connect ECONNREFUSED')));
    const keys = remoteSigningKeys({ jwksUri: `${issuer.issuer}jwks`, fetch, now: () => clock });
    expect(await keys({ kid: 'http-key-1' })).toMatch(/BEGIN PUBLIC KEY/);
    reachable = false;
    clock += 11 * 60_000;
    expect(await keys({ kid: 'http-key-1' })).toMatch(/BEGIN PUBLIC KEY/);
    await expect(keys({ kid: 'brand-new' })).rejects.toThrow(/no signing key/);
    const cold = remoteSigningKeys({ jwksUri: `${issuer.issuer}jwks`, fetch, now: () => clock });
    await expect(cold({ kid: 'http-key-1' })).rejects.toThrow(/could not be read.*ECONNREFUSED/);
  });
});
