/** The web app's Content-Security-Policy for a given configuration (content-security-policy.ts). */
import { describe, expect, it } from 'vitest';
import { webAppPolicies } from './content-security-policy.js';

describe('webAppPolicies', () => {
  it("allows only the app's own origin when the embedded issuer serves sign-in and no tiles are configured", () => {
    const { page, silentRenewPage } = webAppPolicies({ publicUrl: 'http://localhost:8080', issuer: 'http://localhost:8080/idp' });
    expect(page).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; " +
        "frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(silentRenewPage).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; " +
        "frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    );
  });

  it('adds an external issuer to connect-src and frame-src, and the tile hosts to connect-src and img-src', () => {
    const { page, silentRenewPage } = webAppPolicies({
      publicUrl: 'https://risk.example.com',
      issuer: 'https://tenant.eu.auth0.com/',
      streetsStyleUrl: 'https://tiles.example.com/styles/streets/style.json?key=abc',
      satelliteTilesUrl: 'https://imagery.example.net:8443/tile/{z}/{y}/{x}',
    });
    expect(page).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; " +
        "img-src 'self' data: blob: https://tiles.example.com https://imagery.example.net:8443; " +
        "connect-src 'self' https://tenant.eu.auth0.com https://tiles.example.com https://imagery.example.net:8443; " +
        "worker-src 'self'; frame-src 'self' https://tenant.eu.auth0.com; object-src 'none'; base-uri 'self'; form-action 'self'; " +
        "frame-ancestors 'none'",
    );
    expect(silentRenewPage).toBe(page.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  });

  it('lists an origin once when the issuer or both map variables share one', () => {
    const { page } = webAppPolicies({
      publicUrl: 'http://localhost:8080',
      issuer: 'http://localhost:8081/idp',
      streetsStyleUrl: 'https://maps.example.com/style.json',
      satelliteTilesUrl: 'https://maps.example.com/satellite/{z}/{x}/{y}.jpg',
    });
    expect(page).toContain("img-src 'self' data: blob: https://maps.example.com;");
    expect(page).toContain("connect-src 'self' http://localhost:8081 https://maps.example.com;");
    expect(page).toContain("frame-src 'self' http://localhost:8081;");
  });

  it('refuses a tile template with a placeholder in its host, naming the variable', () => {
    expect(() =>
      webAppPolicies({
        publicUrl: 'http://localhost:8080',
        issuer: 'http://localhost:8080/idp',
        satelliteTilesUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      }),
    ).toThrow(/^MAP_SATELLITE_TILES_URL: the host must be a plain host name/);
  });
});
