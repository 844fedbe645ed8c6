import { describe, expect, it } from 'vitest';
import { authConfigElement } from './web-app.js';

describe('the sign-in settings inlined into the pages', () => {
  it('are a JSON data block no value can close', () => {
    const authConfig = { issuer: 'https://issuer.test/</script><script>alert(1)</script>', client_id: 'ust-web', audience: '<!--' };
    const element = authConfigElement(authConfig);
    expect(element.startsWith('<script type="application/json" id="ust-auth-config">')).toBe(true);
    const body = element.slice(element.indexOf('>') + 1, -'</script>'.length);
    expect(body).not.toContain('<');
    expect(JSON.parse(body)).toEqual(authConfig);
  });
});
