/**
 * What the browser downloads per route and how soon the landing and search pages can be used.
 *
 * 1. Gzipped JS and CSS per route, from the Vite manifest (web/dist/.vite/manifest.json): the
 *    entry (index.html) and everything it imports statically, plus the route's lazy chunk and
 *    its static imports. Chunks a screen itself loads later on demand (its dynamic imports) are
 *    not counted: they are not needed to show the route.
 * 2. Time to interactive in headless Chromium against the standalone server in this process
 *    (the e2e harness: DEMO_SCALE=fixtures, a temporary data directory): from navigation start
 *    (performance.timeOrigin) to the page's main control being enabled. Landing: the 'Access
 *    Platform' button, signed out. Search: the address input, signed in. Cold = empty HTTP
 *    cache; warm = the same page loaded again. Loopback, no throttling: a floor, not a field
 *    measurement.
 *
 * Builds nothing: build the app first.
 *
 *   npx -y pnpm@10.34.9 --filter @ust/web build && npx tsx bench/web-bundle.ts [runs, default 5]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { signIn, startPlatform, type Platform } from '@ust/e2e/harness';
import { printTable, summarize } from './table.js';

// playwright-core is the web app's dependency, not the benchmarks': its Page type comes through the harness.
type Page = Awaited<ReturnType<Platform['newPage']>>;

const runs = Number(process.argv[2] ?? 5);
const WEB_DIST = path.join(import.meta.dirname, '../web/dist');
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');

/** The targets. */
const LANDING_JS_TARGET_KB = 200;
const SEARCH_INTERACTIVE_TARGET_MS = 2_000;

/** SPEC.md section 2 'Search': the address input's placeholder. */
const ADDRESS_PLACEHOLDER = 'Enter street address, city, state, or ZIP code';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each route's lazy chunk, by source path (web/src/router.tsx); the landing page is in the entry. */
const ROUTES: Array<{ route: string; path: string; chunk?: string }> = [
  { route: 'landing', path: '/' },
  { route: 'dashboard', path: '/dashboard', chunk: 'src/features/dashboard/DashboardPage.tsx' },
  { route: 'search', path: '/search', chunk: 'src/features/search/SearchPage.tsx' },
  { route: 'tank-ai', path: '/tank-ai', chunk: 'src/features/tank-ai/TankAiPage.tsx' },
  { route: 'settings', path: '/settings', chunk: 'src/features/settings/SettingsPage.tsx' },
  { route: 'county-map', path: '/county-map', chunk: 'src/features/county-map/CountyMapPage.tsx' },
];
const ENTRY = 'index.html';
/** Loaded once after a sign-in (the ID-token check), not by the routes themselves. */
const SIGN_IN_CHUNK = 'src/features/auth/verify-id-token.ts';

if (!existsSync(MANIFEST)) {
  console.error(`No Vite manifest at ${MANIFEST}: build the app first (npx -y pnpm@10.34.9 --filter @ust/web build).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

/** Manifest keys reachable from `key` through static imports, `key` included. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: has web/src/router.tsx changed?`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipBytesCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let bytes = gzipBytesCache.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(path.join(WEB_DIST, file))).length;
    gzipBytesCache.set(file, bytes);
  }
  return bytes;
}

function filesOf(keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css };
}

const sumGzip = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const entryKeys = staticClosure(ENTRY);
const entryFiles = filesOf(entryKeys);
const bundleRows = ROUTES.map(({ route, chunk }) => {
  const keys = new Set(entryKeys);
  if (chunk) for (const key of staticClosure(chunk)) keys.add(key);
  const { js, css } = filesOf(keys);
  const routeOnly = [...js].filter((file) => !entryFiles.js.has(file));
  return {
    route,
    'JS files': js.size,
    'JS KB gz': kb(sumGzip(js)),
    'of which route KB gz': kb(sumGzip(routeOnly)),
    'CSS KB gz': kb(sumGzip(css)),
    'total KB gz': kb(sumGzip(js) + sumGzip(css)),
  };
});
const signInFiles = filesOf(staticClosure(SIGN_IN_CHUNK));
printTable('Gzipped bytes per route (entry + the route chunk and their static imports)', bundleRows);
console.log(`After a sign-in, the ID-token check adds ${kb(sumGzip(signInFiles.js))} KB gz of JS (one chunk, loaded once).`);
const landingJs = bundleRows[0]!['JS KB gz'];
console.log(`Landing JS ${landingJs} KB gz: ${landingJs < LANDING_JS_TARGET_KB ? 'under' : 'OVER'} the ${LANDING_JS_TARGET_KB} KB target.`);

/** ms from navigation start until `ready` (a browser expression) is true, polled every frame. */
async function msUntil(page: Page, ready: string): Promise<number> {
  const handle = await page.waitForFunction(`(${ready}) ? performance.now() : false`, undefined, { polling: 'raf', timeout: 30_000 });
  return Math.round((await handle.jsonValue()) as number);
}

const ACCESS_PLATFORM_ENABLED = `[...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Access Platform' && !b.disabled)`;
const ADDRESS_INPUT_ENABLED = `[...document.querySelectorAll('input')].some((i) => i.placeholder === ${JSON.stringify(ADDRESS_PLACEHOLDER)} && !i.disabled && !i.readOnly)`;

async function clearHttpCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const platform = await startPlatform();
try {
  const landing = { cold: [] as number[], warm: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    // A new context per run: a first-time visitor, signed out, nothing cached.
    const page = await platform.newPage();
    await page.goto('/', { waitUntil: 'commit' });
    landing.cold.push(await msUntil(page, ACCESS_PLATFORM_ENABLED));
    await page.goto('/', { waitUntil: 'commit' });
    landing.warm.push(await msUntil(page, ACCESS_PLATFORM_ENABLED));
    await page.context().close();
  }

  const search = { cold: [] as number[], warm: [] as number[] };
  let searchProblem: string | undefined;
  const page = await platform.newPage();
  await signIn(page, 'general');
  for (let run = 0; run < runs && !searchProblem; run += 1) {
    try {
      // The same tab: its session storage keeps the tokens, as a reload does.
      await clearHttpCache(page);
      await page.goto('/search', { waitUntil: 'commit' });
      search.cold.push(await msUntil(page, ADDRESS_INPUT_ENABLED));
      await page.goto('/search', { waitUntil: 'commit' });
      search.warm.push(await msUntil(page, ADDRESS_INPUT_ENABLED));
    } catch (error) {
      searchProblem = `no enabled input with the placeholder '${ADDRESS_PLACEHOLDER}' within 30 s (${(error as Error).message.split('\n')[0]})`;
    }
  }

  const row = (name: string, control: string, samples: { cold: number[]; warm: number[] }) => {
    const cold = summarize(samples.cold);
    const warm = summarize(samples.warm);
    return {
      page: name,
      'main control': control,
      runs: samples.cold.length,
      'cold median ms': cold.median,
      'cold max ms': Math.max(...samples.cold),
      'warm median ms': warm.median,
      'warm max ms': Math.max(...samples.warm),
    };
  };
  const rows = [row('landing (signed out)', "'Access Platform' enabled", landing)];
  if (search.cold.length > 0) rows.push(row('search (signed in)', 'address input enabled', search));
  printTable(`Time to interactive, headless Chromium, navigation start to main control enabled (median of ${runs})`, rows);
  if (searchProblem) console.log(`Search not measured: ${searchProblem}.`);
  else {
    const median = summarize(search.cold).median;
    console.log(
      `Search interactive in ${median} ms (cold median): ${median < SEARCH_INTERACTIVE_TARGET_MS ? 'under' : 'OVER'} the ${SEARCH_INTERACTIVE_TARGET_MS} ms target.`,
    );
  }
} finally {
  await platform.close();
}
