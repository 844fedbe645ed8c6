import { describe, expect, it } from 'vitest';
import { appConfigFor } from './config';

describe('appConfigFor', () => {
  it('derives the embedded issuer, client and audience from the origin', () => {
    expect(appConfigFor('http://localhost:8080', {})).toEqual({
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

  it('takes an external issuer from the build environment', () => {
    const { oidc } = appConfigFor('https://ust.example.com', {
      VITE_OIDC_ISSUER: 'https://tenant.auth0.com/',
      VITE_OIDC_CLIENT_ID: 'abc',
      VITE_OIDC_AUDIENCE: 'https://api.ust.example.com',
    });
    expect(oidc).toMatchObject({ issuer: 'https://tenant.auth0.com/', clientId: 'abc', audience: 'https://api.ust.example.com' });
    expect(oidc.redirectUri).toBe('https://ust.example.com/callback');
  });
});
