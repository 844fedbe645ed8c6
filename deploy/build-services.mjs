// Compiles the services to JavaScript: every workspace package that Node runs (schemas,
// services/*, pipelines) gets dist/ beside src/, one .js file per .ts file, at the same depth, so
// the paths the code builds from import.meta (migrations, rating plans, fixtures, web/dist) resolve
// from dist/ as they do from src/. Each package's "exports" names both files: the "ust-compiled"
// condition selects dist/, which `node --conditions=ust-compiled` (pnpm start, the image) asks for;
// everything else (tsx, vitest, tsc, vite) takes "default", the TypeScript source.
//
//   node deploy/build-services.mjs              # compile every package
//   node deploy/build-services.mjs --if-needed  # only packages whose sources changed since their build
//
// A plain .mjs file, like web/scripts/build-if-needed.mjs, so that `pnpm start` and the image's
// build stage run it with node alone. Transpiling file by file is safe because the sources are
// written for it (isolatedModules, verbatimModuleSyntax: type-only imports say so); tsc checks
// the types separately (`pnpm typecheck`).
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const workspaceRoot = path.resolve(import.meta.dirname, '..');
export const COMPILED_CONDITION = 'ust-compiled';
const STAMP = '.built';

/** The packages Node runs, relative to the workspace root. */
export function compiledPackages() {
  const services = readdirSync(path.join(workspaceRoot, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(workspaceRoot, 'services', entry.name, 'src')))
    .map((entry) => `services/${entry.name}`);
  return ['schemas', ...services, 'pipelines'];
}

/** Every file and directory under `directory`, directories included (a deletion changes theirs). */
function* walk(directory) {
  yield directory;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts');

function isStale(packageDirectory) {
  const stamp = path.join(packageDirectory, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  // A test file is not compiled, so editing one needs no build (adding or removing one changes its
  // directory's time, which does count: harmless).
  const sources = [...walk(path.join(packageDirectory, 'src'))].filter((file) => !file.endsWith('.test.ts'));
  const inputs = [...sources, path.join(packageDirectory, 'package.json'), import.meta.filename];
  return inputs.some((file) => statSync(file).mtimeMs > builtAt);
}

/** Compiles every package, or with `ifNeeded` those whose sources changed; returns the ones it compiled. */
export async function buildServices({ ifNeeded = false } = {}) {
  const packages = compiledPackages().filter((name) => !ifNeeded || isStale(path.join(workspaceRoot, name)));
  if (packages.length === 0) return packages;
  const entryPoints = [];
  for (const name of packages) {
    const directory = path.join(workspaceRoot, name);
    rmSync(path.join(directory, 'dist'), { recursive: true, force: true });
    for (const file of walk(path.join(directory, 'src'))) {
      if (!isSource(file)) continue;
      const relative = path.relative(path.join(directory, 'src'), file).replace(/\.ts$/, '');
      entryPoints.push({ in: file, out: path.join(name, 'dist', relative) });
    }
  }
  // Loaded only when there is something to compile: an up-to-date check stays a few file stats.
  const { build } = await import('esbuild');
  await build({
    entryPoints,
    outdir: workspaceRoot,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    logLevel: 'warning',
  });
  for (const name of packages) writeFileSync(path.join(workspaceRoot, name, 'dist', STAMP), '');
  return packages;
}

if (import.meta.filename === process.argv[1]) {
  const started = performance.now();
  const built = await buildServices({ ifNeeded: process.argv.includes('--if-needed') });
  const took = Math.round(performance.now() - started);
  // stderr: `pnpm -s token` prints only the token on stdout.
  console.error(built.length === 0 ? 'Services are up to date.' : `Compiled ${built.join(', ')} in ${took} ms.`);
}
