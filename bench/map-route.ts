/**
 * The national risk map (/county-map) in headless Chromium: what it downloads per boundary
 * level, how soon it draws coloured regions, how fast it recolours and how smoothly it hovers.
 *
 * 1. Bytes, asked of the running server with and without `accept-encoding: gzip`: the static
 *    geometry (us-atlas counties TopoJSON, which holds both levels, and world-atlas land), the
 *    figures document per level (`geometry=none`, what the map loads, and `geometry=full` for
 *    comparison) and the H3 density document per resolution.
 * 2. Time to the first coloured frame: the page's User Timing mark `ust-map:coloured:{level}`,
 *    from navigation start (performance.timeOrigin) for the counties, and from the Boundary
 *    Level change for the states. Cold = a fresh browser context with an empty HTTP cache;
 *    warm = the same tab reloaded (geometry from the HTTP cache, figures from session storage).
 *    A timeline of medians (Resource Timing, the map's creation, long tasks before the coloured
 *    frame) shows where the time goes.
 * 3. Recolour: the page's `ust-map:recolour` measure (control change to the next idle frame)
 *    for every change of Color Code (all 11 metrics under each of the 4 scales) and Color Scale,
 *    split into React (change to setPaintProperty) and MapLibre (setPaintProperty to idle).
 *    MapLibre's 'idle' comes when the last frame's GL commands are issued, before the GPU (here
 *    SwiftShader) has drawn them: the pixels follow one frame's raster time later.
 * 4. Hover: one serpentine grid sweep of 200 pointer moves over the counties at the initial view
 *    (zoom 4), one frame after each move, with a requestAnimationFrame loop in the page timing
 *    every frame; and the time from a pointermove to the hover card's new text. The page's JS
 *    heap (after a forced GC) after load, recolours and hover.
 *
 * The platform runs in this process, as in web-bundle.ts and the e2e harness: on a temporary
 * data directory built from the real fixtures (DEMO_SCALE=fixtures), or, when DATA_DIR is set,
 * on that existing data directory (a national demo build; nothing is built). Chromium is the
 * system one with the e2e harness's flags, so WebGL is SwiftShader on the CPU: loopback and no
 * throttling make the network a floor, while drawing is slower than on a machine with a GPU.
 * The rate limit is lifted: a benchmark's reloads are not abuse.
 *
 * `runs` is the number of cold + warm loads and of recolour rounds (48 changes each); the hover
 * sweep runs once.
 *
 *   npx -y pnpm@10.34.9 --filter @ust/web build && npx tsx bench/map-route.ts [runs, default 5]
 *   DATA_DIR=/path/to/national npx tsx bench/map-route.ts [runs]
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createLogger, loadConfig, workspaceRoot } from '@ust/platform';
import { startStandalone, type Standalone } from '@ust/standalone';
import { CHROMIUM, CHROMIUM_ARGS, type Platform } from '@ust/e2e/harness';
import { printTable, summarize, type Row } from './table.js';

// playwright-core is the web app's dependency, not the benchmarks': its types come through the
// harness, and the module itself is resolved from web/ (below).
type Browser = Platform['browser'];
type Page = Awaited<ReturnType<Platform['newPage']>>;
type Account = NonNullable<Standalone['identity']>['accounts'][number];
type Level = 'states' | 'counties';

/**
 * The page globals the callbacks handed to page.evaluate use. The root tsconfig, which checks
 * bench/, has no DOM library (so web/e2e/map-probe.ts cannot be imported here either): these
 * are typed by hand. `__bench` is PAGE_INSTRUMENTS'; `ustRiskMap` is the app's MapLibre map.
 */
interface PageGlobals {
  __bench: {
    mapAt: number | null;
    paints: number[];
    changes: number[];
    longTasks: Array<[start: number, duration: number]>;
    hover: { toCardText: number[]; toFrame: number[] };
    startFrames(): void;
    stopFrames(): number[];
    watchHoverCard(): void;
  };
  ustRiskMap?: {
    project(lngLat: [number, number]): { x: number; y: number };
    getCanvas(): { getBoundingClientRect(): { left: number; top: number; width: number; height: number } };
    once(event: 'idle', listener: () => void): void;
    triggerRepaint(): void;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
}
interface ResourceEntry {
  name: string;
  responseEnd: number;
  transferSize: number;
}

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) fail(`runs must be a whole number of at least 1 (got ${process.argv[2]})`);
const WEB_DIST = path.join(workspaceRoot, 'web/dist');
const WEB_ASSETS = path.join(WEB_DIST, 'assets');

/** The targets. */
const COUNTIES_COLOURED_TARGET_MS = 2_500;
const RECOLOUR_TARGET_MS = 100;
/** A frame this long is a visible stutter while hovering. */
const LONG_FRAME_MS = 50;
/** Pointer moves per hover sweep. */
const SWEEP_COLUMNS = 20;
const SWEEP_ROWS = 10;
/** The contiguous United States, whose counties the sweep crosses at the initial view. */
const CONTIGUOUS_US = { west: -124.5, east: -67.5, south: 25.5, north: 49 };

/** The harness's viewport: the 600 px map fits below the controls. */
const VIEWPORT = { width: 1280, height: 860 };

const MARK = { coloured: (level: Level) => `ust-map:coloured:${level}`, recolour: 'ust-map:recolour' } as const;
const FIGURES_PATH = (level: Level, geometry: 'none' | 'full') => `/api/geojson-cached/${level}?filter_type=base&min_facility_count=1&geometry=${geometry}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The hashed geometry assets Vite emitted; their absence means the app is not built. */
function geometryAssets(): { counties: string; land: string } {
  const build = 'build the app first (npx -y pnpm@10.34.9 --filter @ust/web build)';
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) fail(`The web app is not built (${WEB_DIST}): ${build}.`);
  const files = readdirSync(WEB_ASSETS);
  const counties = files.find((file) => /^counties-10m-.+\.json$/.test(file));
  const land = files.find((file) => /^land-50m-.+\.json$/.test(file));
  if (!counties || !land) fail(`No counties-10m-*.json or land-50m-*.json in ${WEB_ASSETS}: the build predates the map; ${build}.`);
  return { counties: `/assets/${counties}`, land: `/assets/${land}` };
}

// ---------------------------------------------------------------------------------------------
// The platform and the browser

interface MapPlatform {
  standalone: Standalone;
  browser: Browser;
  /** What the figures come from, for the table titles. */
  dataLabel: string;
  close(): Promise<void>;
}

/**
 * The e2e harness's startPlatform, but on DATA_DIR when given and without the rate limit (600
 * requests a minute would cut the reloads short): the harness takes neither.
 */
async function startMapPlatform(): Promise<MapPlatform> {
  const given = process.env.DATA_DIR;
  if (given && !existsSync(given)) fail(`DATA_DIR=${given} does not exist: point it at a built national demo data directory, or unset it for the fixtures.`);
  const dataDir = given ? path.resolve(given) : await mkdtemp(path.join(os.tmpdir(), 'ust-bench-map-'));
  const overrides = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' };
  // A given directory keeps the environment it was built with (its stores' URLs, ...) and is
  // served as it is; the fixtures run, like the e2e harness, on nothing but defaults.
  const config = loadConfig(given ? { ...process.env, ...overrides, DEMO_SCALE: 'none' } : { ...overrides, DEMO_SCALE: 'fixtures' });
  const standalone = await startStandalone({ config, log: createLogger('bench-map', { level: 'warn' }), listen: true });
  let browser: Browser;
  try {
    if (!standalone.identity) throw new Error('OIDC_ISSUER names an external provider: the benchmark signs in with the embedded demo accounts');
    const { chromium } = createRequire(path.join(workspaceRoot, 'web/package.json'))('playwright-core') as { chromium: ReturnType<Browser['browserType']> };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (error) {
    await standalone.close();
    throw error;
  }
  return {
    standalone,
    browser,
    dataLabel: given ? `DATA_DIR=${given}` : 'DEMO_SCALE=fixtures',
    async close() {
      await browser.close();
      await standalone.close();
      if (!given) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Bench-only instruments, installed in every document before the app's scripts:
 * - `__name`: tsx (esbuild's keepNames) wraps named functions in the callbacks this file hands
 *   to page.evaluate in __name(), which the page does not have.
 * - The map's creation time and every 'fill-color' setPaintProperty, by wrapping the MapLibre
 *   map when the app publishes it as window.ustRiskMap: splits a recolour into React and MapLibre.
 * - Every control change (capture phase, before React sees it) and every long task.
 * - A frame recorder and a hover-card watcher, started and read by the hover sweep.
 * In a function, so its names stay out of the page's global scope.
 */
const PAGE_INSTRUMENTS = `
(() => {
  window.__name = window.__name || ((fn) => fn);
  const bench = (window.__bench = { mapAt: null, paints: [], changes: [], longTasks: [], frames: [], recording: false, hover: null });
  addEventListener('change', () => bench.changes.push(performance.now()), true);
  try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) bench.longTasks.push([task.startTime, task.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  let riskMap;
  Object.defineProperty(window, 'ustRiskMap', {
    configurable: true,
    get: () => riskMap,
    set: (map) => {
      riskMap = map;
      if (!map || map.__benchWrapped) return;
      map.__benchWrapped = true;
      bench.mapAt = performance.now();
      const setPaintProperty = map.setPaintProperty;
      map.setPaintProperty = function (layer, name, value, options) {
        if (name === 'fill-color') bench.paints.push(performance.now());
        return setPaintProperty.call(this, layer, name, value, options);
      };
    },
  });
  bench.startFrames = () => {
    bench.frames = [];
    bench.recording = true;
    const tick = (time) => {
      if (!bench.recording) return;
      bench.frames.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  bench.stopFrames = () => {
    bench.recording = false;
    return bench.frames;
  };
  bench.watchHoverCard = () => {
    const hover = (bench.hover = { lastMove: null, title: null, toCardText: [], toFrame: [] });
    addEventListener('pointermove', (event) => (hover.lastMove = event.timeStamp), true);
    const root = document.querySelector('[data-testid="risk-map"]');
    new MutationObserver(() => {
      const title = root.querySelector('[data-testid="map-hover-card"] .map-hover-title')?.textContent ?? null;
      if (title === hover.title || hover.lastMove === null) return;
      hover.title = title;
      const movedAt = hover.lastMove;
      hover.toCardText.push(performance.now() - movedAt);
      // performance.now(), not the callback's argument: that is when the frame began, which on a
      // busy main thread can be before the change it is meant to show.
      requestAnimationFrame(() => hover.toFrame.push(performance.now() - movedAt));
    }).observe(root, { subtree: true, childList: true, characterData: true });
  };
})();
`;

/** A page in a fresh browser context (its own cookies, storage and HTTP cache), instrumented. */
async function newPage(browser: Browser, baseURL: string, problems: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  await context.addInitScript(PAGE_INSTRUMENTS);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return page;
}

/**
 * The real sign-in, as web/e2e/harness.ts signIn does (that one only knows the harness's own
 * platform): 'Access Platform', the embedded provider's form, back to the dashboard.
 */
async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** Waits for the User Timing mark the map leaves on its first coloured frame of a level. */
async function waitForColoured(page: Page, level: Level): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, MARK.coloured(level), { timeout: 60_000 });
}

/** Resolves once the map has drawn every pending change (MapLibre's 'idle' after a repaint), as map-probe.ts does. */
async function waitForIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = (globalThis as unknown as PageGlobals).ustRiskMap!;
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
}

async function clearHttpCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** The page's JS heap after a forced GC (the main thread only: MapLibre's workers have their own). */
async function jsHeapMegabytes(page: Page): Promise<{ used: number; total: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const metric = (name: string) => metrics.find((each) => each.name === name)?.value ?? 0;
  return { used: megabytes(metric('JSHeapUsedSize')), total: megabytes(metric('JSHeapTotalSize')) };
}

async function heapRow(page: Page, after: string): Promise<Row> {
  const { used, total } = await jsHeapMegabytes(page);
  return { after, 'used MB': used, 'total MB': total };
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const ms = (value: number) => Math.round(value);

// ---------------------------------------------------------------------------------------------
// 1. Bytes

/**
 * Body bytes as sent on the wire. node:http, not fetch: fetch would ask for gzip and inflate it
 * whatever the headers say.
 */
function download(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string; cacheControl: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`));
          else
            resolve({
              bytes,
              encoding: String(response.headers['content-encoding'] ?? 'identity'),
              cacheControl: String(response.headers['cache-control'] ?? ''),
            });
        });
      })
      .on('error', reject);
  });
}

async function measureBytes(base: string, authorization: string, assets: { counties: string; land: string }) {
  const resources: Array<{ resource: string; path: string }> = [
    { resource: 'counties TopoJSON (both levels)', path: assets.counties },
    { resource: 'land TopoJSON', path: assets.land },
    ...(['counties', 'states'] as const).flatMap((level) => [
      { resource: `${level} figures, geometry=none`, path: FIGURES_PATH(level, 'none') },
      { resource: `${level} figures, geometry=full`, path: FIGURES_PATH(level, 'full') },
    ]),
    ...[4, 5, 6, 7].map((res) => ({ resource: `H3 density res ${res}`, path: `/api/h3-density?res=${res}` })),
  ];
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const rows: Row[] = [];
  for (const { resource, path: resourcePath } of resources) {
    const url = `${base}${resourcePath}`;
    const raw = await download(url, { authorization, 'accept-encoding': 'identity' });
    const gzip = await download(url, { authorization, 'accept-encoding': 'gzip' });
    if (gzip.encoding !== 'gzip') throw new Error(`${resourcePath} was not gzipped for a client that accepts gzip (content-encoding ${gzip.encoding})`);
    sizes.set(resource, { raw: raw.bytes, gzip: gzip.bytes });
    rows.push({
      resource,
      'raw KB': kb(raw.bytes),
      'gzip KB': kb(gzip.bytes),
      'gzip/raw %': Math.round((100 * gzip.bytes) / raw.bytes),
      'cache-control': gzip.cacheControl,
    });
  }
  const gz = (resource: string) => sizes.get(resource)!.gzip;
  const geometry = gz('counties TopoJSON (both levels)') + gz('land TopoJSON');
  const perLevel: Row[] = (['counties', 'states'] as const).map((level) => ({
    level,
    'geometry KB gz': kb(geometry),
    'figures KB gz': kb(gz(`${level} figures, geometry=none`)),
    'first visit KB gz': kb(geometry + gz(`${level} figures, geometry=none`)),
    'with geometry=full KB gz': kb(gz(`${level} figures, geometry=full`) + gz('land TopoJSON')),
  }));
  return { rows, perLevel };
}

// ---------------------------------------------------------------------------------------------
// 2. Time to the first coloured frame

/** Resources whose arrival the load timeline shows, in the order the page needs them. */
const TIMELINE_RESOURCES: Array<[label: string, pattern: RegExp]> = [
  ['app JS (main) received', /\/assets\/main-[^/]+\.js$/],
  ['map route chunk received', /\/assets\/CountyMapPage-[^/]+\.js$/],
  ['MapLibre JS received', /\/assets\/maplibre-gl-[^/]+\.js$/],
  ['counties TopoJSON received', /\/assets\/counties-10m-[^/]+\.json$/],
  ['counties figures received', /\/api\/geojson-cached\/counties\?/],
  ['land TopoJSON received', /\/assets\/land-50m-[^/]+\.json$/],
];

interface LoadSample {
  countiesMs: number;
  statesMs: number;
  /** Milestones in ms from navigation start (absent: not requested, e.g. figures from session storage). */
  timeline: Record<string, number>;
  /** Bytes over the network for the geometry assets (0 when the HTTP cache answered). */
  geometryTransferBytes: number;
  figuresRequests: number;
  longTasks: { count: number; totalMs: number; longestMs: number };
}

/** After a navigation to /county-map: the counties' coloured frame, then the switch to states. */
async function measureLoad(page: Page): Promise<LoadSample> {
  await waitForColoured(page, 'counties');
  const loaded = await page.evaluate(
    ({ mark, patterns }) => {
      const coloured = performance.getEntriesByName(mark)[0]!.startTime;
      const resources = performance.getEntriesByType('resource') as unknown as ResourceEntry[];
      const timeline: Record<string, number> = {};
      for (const [label, source] of patterns) {
        const entry = resources.find((each) => new RegExp(source).test(each.name));
        if (entry) timeline[label] = entry.responseEnd;
      }
      const bench = (globalThis as unknown as PageGlobals).__bench;
      if (bench.mapAt !== null) timeline['map created (MapLibre load)'] = bench.mapAt;
      timeline['counties coloured'] = coloured;
      const before = bench.longTasks.filter(([start]) => start < coloured);
      return {
        coloured,
        timeline,
        geometryTransferBytes: resources.filter((each) => /-(10m|50m)-[^/]+\.json$/.test(each.name)).reduce((sum, each) => sum + each.transferSize, 0),
        figuresRequests: resources.filter((each) => each.name.includes('/api/geojson-cached/')).length,
        longTasks: {
          count: before.length,
          totalMs: before.reduce((sum, [, duration]) => sum + duration, 0),
          longestMs: Math.max(0, ...before.map(([, duration]) => duration)),
        },
      };
    },
    { mark: MARK.coloured('counties'), patterns: TIMELINE_RESOURCES.map(([label, pattern]) => [label, pattern.source] as [string, string]) },
  );
  const statesMs = await switchLevel(page, 'states');
  return {
    countiesMs: loaded.coloured,
    statesMs,
    timeline: loaded.timeline,
    geometryTransferBytes: loaded.geometryTransferBytes,
    figuresRequests: loaded.figuresRequests,
    longTasks: loaded.longTasks,
  };
}

/** ms from the Boundary Level change to the level's first coloured frame. */
async function switchLevel(page: Page, level: Level): Promise<number> {
  await page.getByLabel('Boundary Level').selectOption(level);
  await waitForColoured(page, level);
  return page.evaluate((mark) => {
    const changes = (globalThis as unknown as PageGlobals).__bench.changes;
    return performance.getEntriesByName(mark)[0]!.startTime - changes[changes.length - 1]!;
  }, MARK.coloured(level));
}

/** One cold and one warm load per run, each cold one in a new context with an empty cache. */
async function measureLoads(platform: MapPlatform, account: Account, problems: string[]): Promise<{ cold: LoadSample[]; warm: LoadSample[] }> {
  const cold: LoadSample[] = [];
  const warm: LoadSample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await newPage(platform.browser, platform.standalone.config.publicUrl, problems);
    await signIn(page, account);
    // Signing in fetched the app's own bundle; the map's first visit starts with nothing cached.
    await clearHttpCache(page);
    await page.goto('/county-map', { waitUntil: 'commit' });
    cold.push(await measureLoad(page));
    // The same tab: session storage keeps the tokens and both levels' figures, as a reload does.
    await page.reload({ waitUntil: 'commit' });
    warm.push(await measureLoad(page));
    await page.context().close();
  }
  return { cold, warm };
}

function loadTables(samples: { cold: LoadSample[]; warm: LoadSample[] }): { rows: Row[]; timeline: Row[] } {
  const stats = (values: number[]) => {
    const { median, p95 } = summarize(values);
    return { 'median ms': ms(median), 'p95 ms': ms(p95), 'min ms': ms(Math.min(...values)), 'max ms': ms(Math.max(...values)) };
  };
  const rows: Row[] = [
    { load: 'counties coloured, cold', from: 'navigation start', runs: samples.cold.length, ...stats(samples.cold.map((sample) => sample.countiesMs)) },
    { load: 'counties coloured, warm', from: 'navigation start', runs: samples.warm.length, ...stats(samples.warm.map((sample) => sample.countiesMs)) },
    { load: 'states coloured, cold', from: 'level change', runs: samples.cold.length, ...stats(samples.cold.map((sample) => sample.statesMs)) },
    { load: 'states coloured, warm', from: 'level change', runs: samples.warm.length, ...stats(samples.warm.map((sample) => sample.statesMs)) },
  ];
  const labels = [...TIMELINE_RESOURCES.map(([label]) => label), 'map created (MapLibre load)', 'counties coloured'];
  const median = (list: LoadSample[], label: string) => {
    const values = list.map((sample) => sample.timeline[label]).filter((value): value is number => value !== undefined);
    return values.length === 0 ? '-' : ms(summarize(values).median);
  };
  const timeline: Row[] = labels
    .map((label) => ({ milestone: label, 'cold ms': median(samples.cold, label), 'warm ms': median(samples.warm, label) }))
    .sort((a, b) => (typeof a['cold ms'] === 'number' ? a['cold ms'] : Infinity) - (typeof b['cold ms'] === 'number' ? b['cold ms'] : Infinity));
  const longTasks = (list: LoadSample[], pick: (sample: LoadSample) => number) => ms(summarize(list.map(pick)).median);
  timeline.push(
    {
      milestone: 'long tasks before coloured (count)',
      'cold ms': longTasks(samples.cold, (each) => each.longTasks.count),
      'warm ms': longTasks(samples.warm, (each) => each.longTasks.count),
    },
    {
      milestone: 'long tasks before coloured (sum)',
      'cold ms': longTasks(samples.cold, (each) => each.longTasks.totalMs),
      'warm ms': longTasks(samples.warm, (each) => each.longTasks.totalMs),
    },
    {
      milestone: 'longest task before coloured',
      'cold ms': longTasks(samples.cold, (each) => each.longTasks.longestMs),
      'warm ms': longTasks(samples.warm, (each) => each.longTasks.longestMs),
    },
  );
  return { rows, timeline };
}

// ---------------------------------------------------------------------------------------------
// 3. Recolour

interface RecolourSample {
  control: 'Color Code' | 'Color Scale';
  /** The scale in effect after the change. */
  scale: string;
  totalMs: number;
  reactMs: number;
  maplibreMs: number;
}

/** The values of a select's options, and its current value. */
async function optionsOf(page: Page, label: string): Promise<{ values: string[]; current: string }> {
  const select = page.getByLabel(label);
  return {
    values: await select.locator('option').evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value)),
    current: await select.inputValue(),
  };
}

/** The values after `current`, wrapping round to it: every change is a real change. */
function cycleFrom(values: string[], current: string): string[] {
  const start = values.indexOf(current);
  return values.map((_, offset) => values[(start + 1 + offset) % values.length]!);
}

/** Changes one control and waits for the page's recolour measure. */
async function recolour(page: Page, control: RecolourSample['control'], value: string, scale: string): Promise<RecolourSample> {
  const before = await page.evaluate((name) => performance.getEntriesByName(name).length, MARK.recolour);
  await page.getByLabel(control).selectOption(value);
  await page.waitForFunction(({ name, before }) => performance.getEntriesByName(name).length > before, { name: MARK.recolour, before }, { timeout: 30_000 });
  const split = await page.evaluate(
    ({ name, index }) => {
      const measure = performance.getEntriesByName(name)[index]!;
      const paints = (globalThis as unknown as PageGlobals).__bench.paints;
      const paintAt = paints.find((at) => at >= measure.startTime) ?? measure.startTime;
      return { total: measure.duration, react: paintAt - measure.startTime, maplibre: measure.startTime + measure.duration - paintAt };
    },
    { name: MARK.recolour, index: before },
  );
  return { control, scale, totalMs: split.total, reactMs: split.react, maplibreMs: split.maplibre };
}

/** One round: each scale in turn, and under each one every metric (back to the first). */
async function recolourRound(page: Page): Promise<RecolourSample[]> {
  const samples: RecolourSample[] = [];
  const scales = await optionsOf(page, 'Color Scale');
  for (const scale of cycleFrom(scales.values, scales.current)) {
    samples.push(await recolour(page, 'Color Scale', scale, scale));
    const metrics = await optionsOf(page, 'Color Code');
    for (const metric of cycleFrom(metrics.values, metrics.current)) samples.push(await recolour(page, 'Color Code', metric, scale));
  }
  return samples;
}

function recolourTable(samples: RecolourSample[]): Row[] {
  const row = (label: string, group: RecolourSample[]) => {
    const total = summarize(group.map((each) => each.totalMs));
    return {
      change: label,
      count: group.length,
      'median ms': ms(total.median),
      'p95 ms': ms(total.p95),
      'max ms': ms(Math.max(...group.map((each) => each.totalMs))),
      'React median ms': ms(summarize(group.map((each) => each.reactMs)).median),
      'MapLibre median ms': ms(summarize(group.map((each) => each.maplibreMs)).median),
    };
  };
  const metricChanges = samples.filter((each) => each.control === 'Color Code');
  const scales = [...new Set(metricChanges.map((each) => each.scale))];
  return [
    row('Color Code (all)', metricChanges),
    ...scales.map((scale) =>
      row(
        `  Color Code under ${scale}`,
        metricChanges.filter((each) => each.scale === scale),
      ),
    ),
    row(
      'Color Scale',
      samples.filter((each) => each.control === 'Color Scale'),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// 4. Hover

/**
 * Page points of a serpentine grid over the contiguous US as drawn now, inside the canvas and
 * the viewport: consecutive points are neighbours, as a hand moving across the map.
 */
async function sweepPoints(page: Page): Promise<Array<{ x: number; y: number }>> {
  await page.getByTestId('risk-map').scrollIntoViewIfNeeded();
  const box = await page.evaluate(
    ({ us, viewport }) => {
      const map = (globalThis as unknown as PageGlobals).ustRiskMap!;
      const canvas = map.getCanvas().getBoundingClientRect();
      const northWest = map.project([us.west, us.north]);
      const southEast = map.project([us.east, us.south]);
      // A margin keeps the pointer off the zoom buttons and the attribution.
      const margin = 40;
      return {
        left: canvas.left + Math.max(margin, northWest.x),
        right: canvas.left + Math.min(canvas.width - margin, southEast.x),
        top: canvas.top + Math.max(margin, northWest.y),
        bottom: Math.min(canvas.top + Math.min(canvas.height - margin, southEast.y), viewport.height - 1),
      };
    },
    { us: CONTIGUOUS_US, viewport: VIEWPORT },
  );
  const points: Array<{ x: number; y: number }> = [];
  for (let row = 0; row < SWEEP_ROWS; row += 1) {
    const y = box.top + ((box.bottom - box.top) * row) / (SWEEP_ROWS - 1);
    for (let step = 0; step < SWEEP_COLUMNS; step += 1) {
      const column = row % 2 === 0 ? step : SWEEP_COLUMNS - 1 - step;
      points.push({ x: box.left + ((box.right - box.left) * column) / (SWEEP_COLUMNS - 1), y });
    }
  }
  return points;
}

interface HoverSample {
  frameIntervals: number[];
  toCardText: number[];
  toFrame: number[];
  moves: number;
}

/** The sweep: every move followed by one animation frame, every frame timed in the page. */
async function hoverSweep(page: Page): Promise<HoverSample> {
  const points = await sweepPoints(page);
  await page.evaluate(() => {
    const bench = (globalThis as unknown as PageGlobals).__bench;
    bench.watchHoverCard();
    bench.startFrames();
  });
  for (const point of points) {
    await page.mouse.move(point.x, point.y);
    await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as PageGlobals).requestAnimationFrame(resolve)));
  }
  const result = await page.evaluate(() => {
    const bench = (globalThis as unknown as PageGlobals).__bench;
    return { frames: bench.stopFrames(), toCardText: bench.hover.toCardText, toFrame: bench.hover.toFrame };
  });
  const frameIntervals = result.frames.slice(1).map((at, index) => at - result.frames[index]!);
  return { frameIntervals, toCardText: result.toCardText, toFrame: result.toFrame, moves: points.length };
}

function hoverTable(sweep: HoverSample): Row[] {
  const row = (measure: string, values: number[], extra: Row = {}) => {
    const { median, p95 } = summarize(values);
    return {
      measure,
      count: values.length,
      'median ms': Math.round(median * 10) / 10,
      'p95 ms': Math.round(p95 * 10) / 10,
      'max ms': ms(Math.max(0, ...values)),
      ...extra,
    };
  };
  const long = (values: number[]) => ({ [`over ${LONG_FRAME_MS} ms`]: values.filter((value) => value > LONG_FRAME_MS).length });
  return [
    row('frame interval during sweep', sweep.frameIntervals, long(sweep.frameIntervals)),
    row('pointermove to card text (DOM)', sweep.toCardText, long(sweep.toCardText)),
    row('pointermove to next frame with it', sweep.toFrame, long(sweep.toFrame)),
  ];
}

// ---------------------------------------------------------------------------------------------
// The run

const assets = geometryAssets();
const platform = await startMapPlatform();
const problems: string[] = [];
try {
  const { standalone } = platform;
  console.log(
    `Chromium ${platform.browser.version()} (e2e harness flags: WebGL on SwiftShader, software compositing), ${os.cpus().length} cores, ${platform.dataLabel}`,
  );
  const account = standalone.identity!.accounts.find((candidate) => candidate.role === 'underwriter')!;
  const authorization = `Bearer ${await standalone.identity!.issueAccessToken({ sub: account.sub, email: account.email })}`;
  const probe = await fetch(`${standalone.url}${FIGURES_PATH('counties', 'none')}`, { headers: { authorization } });
  if (probe.status === 503)
    throw new Error(`${platform.dataLabel} has no built dataset (GET /api/geojson-cached answered 503): build one with \`pnpm start\` first`);

  const bytes = await measureBytes(standalone.url, authorization, assets);
  printTable(`Map bytes as served (${platform.dataLabel}; 1 KB = 1,024 bytes)`, bytes.rows);
  printTable('What a first visit downloads per level (the geometry file holds both levels; figures as the map asks: geometry=none)', bytes.perLevel);

  const loads = await measureLoads(platform, account, problems);
  const load = loadTables(loads);
  printTable(`Time to first coloured frame, headless Chromium, SwiftShader WebGL (${runs} runs; cold = new context, empty cache; warm = reload)`, load.rows);
  printTable('Where the load time goes: median ms from navigation start (cold; warm = the reload)', load.timeline);
  const warmFigures = loads.warm.reduce((sum, sample) => sum + sample.figuresRequests, 0);
  const warmGeometry = loads.warm.reduce((sum, sample) => sum + sample.geometryTransferBytes, 0);
  console.log(`Warm reloads: ${warmFigures} figures requests (session storage), ${kb(warmGeometry)} KB of geometry over the network (HTTP cache).`);

  // One tab for recolours and hover, as a user would use the map after it loaded.
  const page = await newPage(platform.browser, standalone.config.publicUrl, problems);
  await signIn(page, account);
  await page.goto('/county-map');
  await waitForColoured(page, 'counties');
  await waitForIdle(page);
  const heap: Row[] = [await heapRow(page, 'counties coloured')];

  const recolours: RecolourSample[] = [];
  for (let round = 0; round < runs; round += 1) recolours.push(...(await recolourRound(page)));
  await waitForIdle(page);
  heap.push(await heapRow(page, `${recolours.length} recolours`));
  printTable(`Recolour, control change to the next idle frame (ust-map:recolour; ${runs} rounds of 4 scales x 11 metrics)`, recolourTable(recolours));

  const sweep = await hoverSweep(page);
  heap.push(await heapRow(page, `a hover sweep`));
  printTable(`Hover over the counties at zoom 4 (a sweep of ${sweep.moves} pointer moves, one frame after each)`, hoverTable(sweep));
  printTable('JS heap of the map tab after a forced GC, MB (main thread; MapLibre workers not included)', heap);

  const countiesCold = summarize(loads.cold.map((sample) => sample.countiesMs)).median;
  const countiesWarm = summarize(loads.warm.map((sample) => sample.countiesMs)).median;
  const recolourP95 = (control: RecolourSample['control']) => summarize(recolours.filter((each) => each.control === control).map((each) => each.totalMs)).p95;
  const target = (name: string, figure: number, limit: number) => ({
    target: name,
    figure: `${ms(figure).toLocaleString('en-US')} ms`,
    limit: `< ${limit.toLocaleString('en-US')} ms`,
    result: figure < limit ? 'met' : 'NOT MET',
  });
  printTable('Targets', [
    target('counties coloured, cold (median)', countiesCold, COUNTIES_COLOURED_TARGET_MS),
    target('counties coloured, warm (median)', countiesWarm, COUNTIES_COLOURED_TARGET_MS),
    target('recolour on Color Code (p95)', recolourP95('Color Code'), RECOLOUR_TARGET_MS),
    target('recolour on Color Scale (p95)', recolourP95('Color Scale'), RECOLOUR_TARGET_MS),
  ]);
  if (problems.length > 0) console.log(`\nThe pages reported ${problems.length} error(s), e.g.:\n  ${[...new Set(problems)].slice(0, 5).join('\n  ')}`);
} finally {
  await platform.close();
}
