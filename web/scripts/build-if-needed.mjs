// Builds the web app when web/dist is missing or older than any source file, so `pnpm start`
// serves a current UI without rebuilding on every start.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const builtAt = existsSync(path.join(web, 'dist/index.html')) ? statSync(path.join(web, 'dist/index.html')).mtimeMs : 0;

function newestSource(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestSource(path.join(web, 'src')),
  newestSource(path.join(web, 'public')),
  ...['index.html', 'silent-renew.html', 'vite.config.ts', 'package.json'].map((file) => statSync(path.join(web, file)).mtimeMs),
);
if (sources > builtAt) {
  console.log('Building the web app...');
  execSync('npx vite build --logLevel warn', { cwd: web, stdio: 'inherit' });
} else {
  console.log('Web app is up to date.');
}
