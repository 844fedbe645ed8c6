import { describe, expect, it } from 'vitest';
import { AUTH_CONFIG_ELEMENT_ID } from '@ust/schemas/constants';
import { appConfigFor, loadAuthConfig } from './config';

const EMBEDDED = { issuer: 'http://localhost:8080/idp', client_id: 'ust-web', audience: 'http://localhost:8080/api' };

/** A page with or without the data block the gateway inlines. */
function pageWith(text: string | null): Pick<Document, 'getElementById'> {
  return { getElementById: (id) => (id === AUTH_CONFIG_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null) };
}

describe('appConfigFor', () => {
  it("takes issuer, client and audience from the gateway and the redirect URIs from the page's origin", () => {
    expect(appConfigFor('http://localhost:8080', EMBEDDED)).toEqual({
      apiBase: '/api',
      oidc: {
        issuer: 'http://localhost:8080/idp',
        clientId: 'ust-web',
        audience: 'http://localhost:8080/api',
        redirectUri: 'http://localhost:8080/callback',
        silentRedirectUri: 'http://localhost:8080/silent-renew.html',
        postLogoutRedirectUri: 'http://localhost:8080/',
      },
    });
  });

  it('takes an external issuer as it is given', () => {
    const { oidc } = appConfigFor('https://ust.example.com', {
      issuer: 'https://tenant.auth0.com/',
      client_id: 'abc',
      audience: 'https://api.ust.example.com',
    });
    expect(oidc).toMatchObject({ issuer: 'https://tenant.auth0.com/', clientId: 'abc', audience: 'https://api.ust.example.com' });
    expect(oidc.redirectUri).toBe('https://ust.example.com/callback');
  });
});

describe('loadAuthConfig', () => {
  it('reads the data block the gateway inlined, without a call', async () => {
    const calls: string[] = [];
    const config = await loadAuthConfig(pageWith(JSON.stringify(EMBEDDED)), async (path) => (calls.push(path), {}));
    expect(config).toEqual(EMBEDDED);
    expect(calls).toEqual([]);
  });

  it('asks GET /api/auth-config once where the page has no data block (the Vite dev server)', async () => {
    const calls: string[] = [];
    const config = await loadAuthConfig(pageWith(null), async (path) => (calls.push(path), EMBEDDED));
    expect(config).toEqual(EMBEDDED);
    expect(calls).toEqual(['/api/auth-config']);
  });

  it('refuses settings without an issuer, a client id or an audience', async () => {
    await expect(loadAuthConfig(pageWith(JSON.stringify({ ...EMBEDDED, issuer: '' })), async () => ({}))).rejects.toThrow(/issuer, client_id and audience/);
    await expect(loadAuthConfig(pageWith(null), async () => ({ issuer: 'x', client_id: 'y' }))).rejects.toThrow(/issuer, client_id and audience/);
  });
});
