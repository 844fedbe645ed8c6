/**
 * Identity as its own process, as in the compose stack: the identity service on a port of its
 * own, and the platform trusting it (OIDC_ISSUER, OIDC_JWKS_URL) with no embedded provider. The
 * same web build as every other test learns the issuer from the gateway at run time, and a
 * browser signs in through the identity service and reaches the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';
import { startIdentityProcess, type IdentityProcess } from './identity-process.js';

describe('identity as its own process', () => {
  let identity: IdentityProcess;
  let platform: Platform;

  beforeAll(async () => {
    identity = await startIdentityProcess();
    platform = await startPlatform(identity.platformEnv, { accounts: identity.accounts });
  });
  afterAll(async () => {
    await platform?.close();
    await identity?.close();
  });

  it('is the issuer the gateway gives the web app, and the platform mounts no provider of its own', async () => {
    expect(platform.standalone.identity).toBeUndefined();
    const response = await fetch(`${platform.baseUrl}/api/auth-config`);
    expect(await response.json()).toEqual({ issuer: identity.issuer, client_id: 'ust-web', audience: `${platform.baseUrl}/api` });
    expect((await fetch(`${platform.baseUrl}/idp/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs a browser in through it, to the dashboard', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    expect(new URL(page.url()).origin).toBe(platform.baseUrl);
    // The role is the server's answer to the profile call: the gateway verified the identity service's token.
    // (Roles are the platform's: the demo accounts' roles are seeded only beside the embedded provider.)
    await page.locator('.role-line', { hasText: 'Your role: general' }).waitFor();
    await screenshot(page, 'identity-process-dashboard');
    expect(problemsOf(page)).toEqual([]);
  });
});
