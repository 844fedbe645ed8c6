/** The headers helmet would set, recorded once at start (security-headers.ts). */
import { describe, expect, it } from 'vitest';
import { PLATFORM_HELMET_OPTIONS, securityHeadersOf } from './security-headers.js';

describe('securityHeadersOf', () => {
  it("records helmet's headers for the platform's options, and the X-Powered-By it removes", () => {
    const { set, removed } = securityHeadersOf(PLATFORM_HELMET_OPTIONS);
    expect(Object.fromEntries(set)).toEqual({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Origin-Agent-Cluster': '?1',
      'Referrer-Policy': 'no-referrer',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-DNS-Prefetch-Control': 'off',
      'X-Download-Options': 'noopen',
      'X-Frame-Options': 'SAMEORIGIN',
      'X-Permitted-Cross-Domain-Policies': 'none',
      'X-XSS-Protection': '0',
    });
    expect(removed).toEqual(['X-Powered-By']);
  });

  it('follows the options: a CSP when it is on, an HSTS max-age as asked', () => {
    const headers = Object.fromEntries(securityHeadersOf({ strictTransportSecurity: { maxAge: 600 } }).set);
    expect(headers['Content-Security-Policy']).toContain("default-src 'self'");
    expect(headers['Strict-Transport-Security']).toBe('max-age=600; includeSubDomains');
  });
});
