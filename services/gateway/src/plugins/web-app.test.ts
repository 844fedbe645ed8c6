import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUTH_CONFIG_ELEMENT_ID, type AuthConfig } from '@ust/schemas';
import webApp, { authConfigElement } from './web-app.js';

const PUBLIC_URL = 'http://localhost:8080';
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>UST Risk Platform</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The data block's text as a browser's parser ends it: at the first `</script`. */
function inlinedAuthConfig(html: string): { json: string; rest: string } {
  const opening = `<script type="application/json" id="${AUTH_CONFIG_ELEMENT_ID}">`;
  const start = html.indexOf(opening);
  expect(start).toBeGreaterThan(-1);
  const end = html.toLowerCase().indexOf('</script', start + opening.length);
  return { json: html.slice(start + opening.length, end), rest: html.slice(0, start) + html.slice(end + '</script>'.length) };
}

describe('the sign-in settings inlined into the pages', () => {
  it('are a JSON data block no value can close', () => {
    const authConfig = { issuer: 'https://issuer.test/</script><script>alert(1)</script>', client_id: 'ust-web', audience: '<!--' };
    const element = authConfigElement(authConfig);
    expect(element.startsWith('<script type="application/json" id="ust-auth-config">')).toBe(true);
    const body = element.slice(element.indexOf('>') + 1, -'</script>'.length);
    expect(body).not.toContain('<');
    expect(JSON.parse(body)).toEqual(authConfig);
  });

  it("configures values holding replacement patterns ($', $&, $`) and </script>: the page's block parses back to exactly them", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ust-web-app-'));
    await writeFile(path.join(root, 'index.html'), PAGE);
    const authConfig: AuthConfig = {
      issuer: "https://issuer.test/$'</script><script>alert(1)</script>",
      client_id: 'ust-web$&$`<!--',
      audience: "$$'$`$&$1</head><!--<script>",
    };
    const app = Fastify();
    try {
      await app.register(webApp, { root, policies: { page: "default-src 'self'", silentRenewPage: "default-src 'self'" }, authConfig, publicUrl: PUBLIC_URL });
      for (const url of ['/', '/index.html', '/dashboard']) {
        const response = await app.inject({ method: 'GET', url, headers: { host: new URL(PUBLIC_URL).host } });
        expect(response.statusCode, url).toBe(200);
        const { json, rest } = inlinedAuthConfig(response.body);
        expect(json, url).not.toContain('<');
        expect(JSON.parse(json), url).toEqual(authConfig);
        // Nothing else of the page moved: the block sits just before </head>, once.
        expect(rest, url).toBe(PAGE);
        expect(response.body.split(AUTH_CONFIG_ELEMENT_ID), url).toHaveLength(2);
      }
    } finally {
      await app.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
