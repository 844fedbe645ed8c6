import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleContents } from './scripts/bundle-contents';

// In development the gateway (pnpm start, port 8080) answers the API; Vite proxies to it.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  // bundleContents: dist/.vite/bundle-contents.json, what each JS file holds, for the size budgets' messages.
  plugins: [react(), bundleContents()],
  server: {
    proxy: Object.fromEntries(['/api', '/health', '/ready', '/docs', '/idp'].map((prefix) => [prefix, gateway])),
  },
  build: {
    outDir: 'dist',
    // No maps at all rather than 'hidden' ones: nothing reads them (bench/ uses the manifest), and
    // a map left in dist would ship in the image. The gateway refuses .map requests regardless.
    sourcemap: false,
    // dist/.vite/manifest.json: bench/web-bundle.ts follows each route's chunks through it.
    manifest: true,
    // silent-renew.html is the iframe page of silent renew: a second entry, because it runs
    // oidc-client-ts's callback, which a static file in public/ could not import.
    rolldownOptions: { input: { main: page('index.html'), silentRenew: page('silent-renew.html') } },
  },
});
