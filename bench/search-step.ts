/**
 * The search step of POST /api/search-address alone, in process, on a built data directory: the
 * same points as bench/search-address.ts, searched against the embedded cache's snapshot with no
 * HTTP around it, so a profiler sees only the search (the step as the route's Server-Timing
 * `search` times it: the index query, the items and the response's bytes). The cold pass (every
 * point's first search: disks and cells not yet read) and warm passes are reported apart, after
 * the process's first searches (elsewhere, while V8 compiles the code), reported too;
 * POLLUTE=1 evicts the CPU caches before each search, as a server's other work does. As the
 * gateway does at start, every tile is read ahead of the searches (SearchIndex.keepAllTiles); UNREAD_TILES=1
 * leaves each tile to its first search instead.
 *
 *   DATA_DIR=/path/to/national npx tsx bench/search-step.ts [warm passes, default 20]
 *   DATA_DIR=/path/to/national node --cpu-prof --import tsx bench/search-step.ts
 */
import path from 'node:path';
import { createMemoryCache, loadConfig } from '@ust/platform';
import { readCurrentVersion, SearchIndex } from '@ust/read-model';
import { searchResponseBody } from '@ust/gateway';
import { queryPoints, readSites, warmUpPoints } from './search-points.js';
import { printTable, summarize } from './table.js';

const warmPasses = Number(process.argv[2] ?? 20);
const config = loadConfig();
const { sites } = await readSites(config);
const points = queryPoints(sites);
const warmUp = warmUpPoints(sites);
let started = performance.now();
// Read-only: the snapshot is written on close, and this cache is never closed.
const cache = createMemoryCache({ snapshotFile: path.join(config.dataDir, 'cache.snapshot') });
console.log(`cache snapshot loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const version = await readCurrentVersion(cache);
if (version === null) throw new Error('no dataset version in the cache snapshot');
const searchIndex = new SearchIndex(cache);
if (!process.env.UNREAD_TILES) {
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const kept = await searchIndex.keepAllTiles(version)!;
  const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  console.log(
    `tiles read ahead: ${kept.tiles.toLocaleString('en-US')} tiles, ${(kept.bytes / 1048576).toFixed(1)} MB, and the tiles near ${kept.boxes.toLocaleString('en-US')} boxes listed (${(kept.boxBytes / 1048576).toFixed(1)} MB), in ${Math.round(kept.ms)} ms; heap and array buffers +${((heapAfter - heapBefore) / 1048576).toFixed(1)} MB`,
  );
}

/** Evicts the CPU caches between searches, as a server's other work does (POLLUTE=1). */
const junk = new Float64Array(4 * 1024 * 1024);
function pollute() {
  for (let index = 0; index < junk.length; index += 8) junk[index]! += 1;
}
const samples: Record<string, number[]> = {};
const record = (name: string, ms: number) => (samples[name] ??= []).push(ms);
let totalFound = 0;
for (const pass of ['first 100 of the process, elsewhere', 'cold', ...Array.from({ length: warmPasses }, () => 'warm')]) {
  for (const point of pass === 'cold' || pass === 'warm' ? points : warmUp) {
    if (process.env.POLLUTE) pollute();
    started = performance.now();
    const timing = { indexMs: 0 };
    const found = await searchIndex.search(version, point.latitude, point.longitude, timing);
    // As the route times its search step: with the response's bytes.
    searchResponseBody(
      found,
      {
        success: true,
        message: 'bench',
        original_address: 'bench',
        formatted_address: 'bench',
        latitude: point.latitude,
        longitude: point.longitude,
        match_type: null,
      },
      version,
    );
    const ms = performance.now() - started;
    record(`${pass} ${point.kind}`, ms);
    if (process.env.SERIES && pass === 'cold') process.stdout.write(`${ms.toFixed(2)} `);
    record(`${pass} all`, ms);
    record(`${pass} ${point.kind}, index only`, timing.indexMs);
    if (pass === 'cold') totalFound += found.total_found;
  }
}
printTable(
  `The search step in process (${points.length} points after ${warmUp.length} searches elsewhere; cold = each point's first search, warm = ${warmPasses} passes after it); ${totalFound.toLocaleString('en-US')} facilities found in all`,
  Object.entries(samples).map(([name, list]) => {
    const { median, p95 } = summarize(list);
    const sorted = [...list].sort((a, b) => a - b);
    return {
      pass: name,
      'p50 ms': Number(median.toFixed(3)),
      'p95 ms': Number(p95.toFixed(3)),
      'p99 ms': Number(sorted[Math.floor(sorted.length * 0.99)]!.toFixed(3)),
      'mean ms': Number((list.reduce((a, b) => a + b, 0) / list.length).toFixed(3)),
      searches: list.length,
    };
  }),
);
process.exit(0);
