/**
 * County locator throughput: 742,844 points (the national facility count) located with
 * `countyAt`, median of 3 runs, after a one-off index build that is timed separately, with the
 * heap and array buffers the index holds once built (every thread that places records builds one).
 *
 *   npx tsx bench/county-locator.ts [points]
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCountyLocator } from '@ust/domain';
import { printTable, rssMegabytes, summarize, type Row } from './table.js';

const pointCount = Number(process.argv[2] ?? 742_844);
const runs = 3;

/** mulberry32: the same points on every run and every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomPoints(box: { south: number; north: number; west: number; east: number }, seed: number): Float64Array {
  const random = seeded(seed);
  const points = new Float64Array(pointCount * 2);
  for (let i = 0; i < pointCount; i++) {
    points[2 * i] = box.south + (box.north - box.south) * random();
    points[2 * i + 1] = box.west + (box.east - box.west) * random();
  }
  return points;
}

// What the index holds: the heap and array buffers it leaves after a full collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heldBytes = () => {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const heldBefore = heldBytes();
const buildStart = performance.now();
const locator = loadCountyLocator();
const buildMs = performance.now() - buildStart;
const indexMegabytes = (heldBytes() - heldBefore) / 1048576;

const boxes = {
  'lower 48 bounding box': { south: 24.5, north: 49.4, west: -124.8, east: -66.9 },
  'Delaware-Maryland box': { south: 38.0, north: 39.9, west: -77.5, east: -75.0 },
};
const rows: Row[] = [];
for (const [name, box] of Object.entries(boxes)) {
  const points = randomPoints(box, 20_240_501);
  const rates: number[] = [];
  let located = 0;
  for (let run = 0; run < runs; run++) {
    located = 0;
    const start = performance.now();
    for (let i = 0; i < pointCount; i++) if (locator.countyAt(points[2 * i]!, points[2 * i + 1]!)) located++;
    rates.push(pointCount / ((performance.now() - start) / 1000));
  }
  rows.push({
    points: name,
    count: pointCount,
    'in a county %': (100 * located) / pointCount,
    'points/s (median of 3)': Math.round(summarize(rates).median),
    'seconds for all': pointCount / summarize(rates).median,
    'index build ms': Math.round(buildMs),
    'index held MB': Math.round(indexMegabytes * 10) / 10,
    'RSS MB': rssMegabytes(),
  });
}
printTable('County locator (countyAt, us-atlas counties-10m, 0.1 degree grid)', rows);
