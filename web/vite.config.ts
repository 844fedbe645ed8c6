import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the gateway (pnpm start, port 8080) answers the API; Vite proxies to it.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(['/api', '/health', '/ready', '/docs', '/idp'].map((prefix) => [prefix, gateway])),
  },
  build: { outDir: 'dist', sourcemap: true },
});
