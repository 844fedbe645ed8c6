/**
 * The embedded provider as the gateway starts it: its demo accounts recorded with their roles,
 * announced at start, their passwords printed only outside production, its key files closed to
 * other users even when DATA_DIR was open before, and its sign-ins kept on the ports' cache.
 */
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createLogger,
  createMemoryCache,
  loadConfig,
  migrationsDirectory,
  type AnalyticsStore,
  type Cache,
} from '@ust/platform';
import { embeddedIdentityPlugin, findDemoAccount, type DemoAccount } from '@ust/identity';
import { signInThroughInject } from '@ust/identity/testing';
import { startEmbeddedIdentity } from './embedded-identity.js';

/** A logger whose lines are kept, to see what start-up prints. */
function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('embedded-identity-test', { level: 'info' }, sink), text: () => lines.join('') };
}

describe('startEmbeddedIdentity', () => {
  let dataDir: string;
  let store: AnalyticsStore;
  let cache: Cache;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-embedded-identity-'));
    store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'embedded_identity_test' });
    await applyMigrations(store, migrationsDirectory);
    cache = createMemoryCache();
  });
  afterAll(async () => {
    await store?.close();
    await cache?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the demo passwords in development, never in production', async () => {
    const development = capturingLogger();
    const identity = await startEmbeddedIdentity(loadConfig({ DATA_DIR: dataDir }), { store, cache }, development.log);
    const passwords = identity.accounts.map((account) => account.password);
    expect(passwords).toHaveLength(4);
    for (const password of passwords) expect(development.text()).toContain(password);

    const production = capturingLogger();
    await startEmbeddedIdentity(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }), { store, cache }, production.log);
    expect(production.text()).toContain('admin@ust.local');
    expect(production.text()).toContain(path.join(dataDir, 'identity', 'accounts.json'));
    for (const password of passwords) expect(production.text()).not.toContain(password);
  });

  it('closes DATA_DIR, its identity folder and the key files to other users, also when they were open', async () => {
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'identity'), 0o755);
    for (const file of ['jwks.json', 'cookie-keys.json', 'accounts.json']) await chmod(path.join(dataDir, 'identity', file), 0o644);
    await startEmbeddedIdentity(loadConfig({ DATA_DIR: dataDir }), { store, cache }, createLogger('quiet', { level: 'silent' }));
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'identity'))).mode & 0o777).toBe(0o700);
    for (const file of ['jwks.json', 'cookie-keys.json', 'accounts.json']) {
      expect({ file, mode: (await stat(path.join(dataDir, 'identity', file))).mode & 0o777 }).toEqual({ file, mode: 0o600 });
      expect(JSON.parse(await readFile(path.join(dataDir, 'identity', file), 'utf8'))).toBeTruthy();
    }
  });

  it("keeps the provider's sessions and refresh tokens on the ports' cache, under idp:", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const identity = await startEmbeddedIdentity(config, { store, cache }, createLogger('quiet', { level: 'silent' }));
    const app = Fastify();
    await app.register(embeddedIdentityPlugin, { identity });
    try {
      const admin = findDemoAccount(identity.accounts, 'admin') as DemoAccount;
      const tokens = await signInThroughInject(app, {
        issuer: identity.issuer,
        clientId: config.OIDC_CLIENT_ID,
        redirectUri: `${config.publicUrl}/callback`,
        email: admin.email,
        password: admin.password,
      });
      expect(tokens.refresh_token).toBeTruthy();
      expect(await cache.keys('idp:Session:')).toHaveLength(1);
      expect(await cache.keys('idp:RefreshToken:')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
