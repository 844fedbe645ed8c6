/**
 * Statistics for the backtest of the risk score (docs/risk-model.md): each observation is one
 * facility at one as-of date, with its score (higher = riskier; an integer 1-10 or a probability)
 * and whether a release was reported within the horizon. Pure functions, no I/O.
 *
 * rocAuc and prAuc run inside every bootstrap resample, so they sort two typed arrays and walk
 * the tie groups once instead of building per-row objects.
 */

export interface Scored {
  score: number;
  outcome: boolean;
  /** the facility, for resampling */
  group: string;
}

export interface Interval {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

export interface RateRow {
  key: string;
  n: number;
  events: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface DecileRow {
  decile: number;
  n: number;
  meanScore: number;
  events: number;
  observedRate: number;
}

/** Two-sided 95 % normal quantile. */
const Z_95 = 1.959963984540054;

interface SplitScores {
  positives: Float64Array;
  negatives: Float64Array;
}

/**
 * Scores of positives and of negatives, each sorted ascending. One buffer and one pass over the
 * rows (positives fill it from the front, negatives from the back), since this runs per resample.
 * NaN would never equal itself in the tie walk, so it is refused.
 */
function splitScores(rows: readonly Scored[]): SplitScores {
  const scores = new Float64Array(rows.length);
  let front = 0;
  let back = rows.length;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (Number.isNaN(row.score)) throw new RangeError(`score is NaN (group ${row.group})`);
    if (row.outcome) scores[front++] = row.score;
    else scores[--back] = row.score;
  }
  return { positives: scores.subarray(0, front).sort(), negatives: scores.subarray(front).sort() };
}

/**
 * Visits each distinct score from the highest down, with the number of positives and negatives
 * that share it. Every threshold-based statistic here is a sum over these groups, which is what
 * makes ties count as one threshold (and one half in the AUC).
 */
function forEachTieGroupDescending({ positives, negatives }: SplitScores, visit: (positives: number, negatives: number) => void): void {
  let i = positives.length - 1;
  let j = negatives.length - 1;
  while (i >= 0 || j >= 0) {
    const top = Math.max(i >= 0 ? positives[i]! : -Infinity, j >= 0 ? negatives[j]! : -Infinity);
    let p = 0;
    let q = 0;
    while (i >= 0 && positives[i] === top) {
      i--;
      p++;
    }
    while (j >= 0 && negatives[j] === top) {
      j--;
      q++;
    }
    visit(p, q);
  }
}

/** ROC AUC by the Mann-Whitney statistic, ties counted one half; null when either class is empty. */
export function rocAuc(rows: readonly Scored[]): number | null {
  const split = splitScores(rows);
  const totalPositives = split.positives.length;
  const totalNegatives = split.negatives.length;
  if (totalPositives === 0 || totalNegatives === 0) return null;
  // U = sum over positives of (negatives scored lower + half the negatives scored equal),
  // the same number the rank sum with average ranks gives.
  let u = 0;
  let negativesAbove = 0;
  forEachTieGroupDescending(split, (p, q) => {
    const negativesBelow = totalNegatives - negativesAbove - q;
    u += p * (negativesBelow + q / 2);
    negativesAbove += q;
  });
  return u / (totalPositives * totalNegatives);
}

/** PR-AUC as average precision (step-wise, ties in score taken as one threshold); null when there is no positive. */
export function prAuc(rows: readonly Scored[]): number | null {
  const split = splitScores(rows);
  const totalPositives = split.positives.length;
  if (totalPositives === 0) return null;
  // AP = sum over thresholds of (gain in recall) x (precision at that threshold).
  let truePositives = 0;
  let falsePositives = 0;
  let averagePrecision = 0;
  forEachTieGroupDescending(split, (p, q) => {
    truePositives += p;
    falsePositives += q;
    if (p > 0) averagePrecision += (p / totalPositives) * (truePositives / (truePositives + falsePositives));
  });
  return averagePrecision;
}

/** A deterministic PRNG (mulberry32) so bootstrap intervals are reproducible; values in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Row indices per group, in order of first appearance (so a seed draws the same groups for the same data). */
function groupIndex(rows: readonly Scored[]): number[][] {
  const byGroup = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const members = byGroup.get(row.group);
    if (members) members.push(index);
    else byGroup.set(row.group, [index]);
  });
  return [...byGroup.values()];
}

/** Quantile of sorted values by linear interpolation between order statistics (R type 7). */
function quantileOfSorted(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (h - below) * (upper - lower);
}

/**
 * 95 % percentile bootstrap interval of `statistic`, resampling GROUPS (facilities) with
 * replacement, `resamples` times (default 1000), seed default 1. Observations of one facility on
 * different dates are correlated, so a facility is drawn with all its rows. Resamples where the
 * statistic is null are skipped; low/high are null when fewer than half the resamples give a value.
 * The statistic receives one reused array per resample: it must not keep it.
 */
export function bootstrapInterval(
  rows: readonly Scored[],
  statistic: (rows: readonly Scored[]) => number | null,
  options: { resamples?: number; seed?: number } = {},
): Interval {
  const resamples = options.resamples ?? 1000;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  const random = seededRandom(options.seed ?? 1);
  const estimate = statistic(rows);
  const groups = groupIndex(rows);
  const values = new Float64Array(resamples);
  let valueCount = 0;
  const sample: Scored[] = [];
  for (let r = 0; r < resamples; r++) {
    sample.length = 0;
    for (let g = 0; g < groups.length; g++) {
      for (const index of groups[Math.floor(random() * groups.length)]!) sample.push(rows[index]!);
    }
    const value = statistic(sample);
    if (value !== null) values[valueCount++] = value;
  }
  if (valueCount < resamples / 2) return { estimate, low: null, high: null };
  const sorted = values.subarray(0, valueCount).sort();
  return { estimate, low: quantileOfSorted(sorted, 0.025), high: quantileOfSorted(sorted, 0.975) };
}

/** Wilson 95 % interval of a proportion k/n (estimate k/n; all null when n = 0). */
export function wilsonInterval(k: number, n: number): Interval {
  if (n === 0) return { estimate: null, low: null, high: null };
  if (k < 0 || k > n) throw new RangeError(`events ${k} outside 0..${n}`);
  const p = k / n;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const halfWidth = (Z_95 / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 and k = n the bound is exactly 0 or 1; rounding would leave it a hair off.
  return { estimate: p, low: k === 0 ? 0 : centre - halfWidth, high: k === n ? 1 : centre + halfWidth };
}

/** Observations and events per integer score 1..10 (every score listed, even empty), with Wilson intervals. Throws on any other score. */
export function ratePerScore(rows: readonly Scored[]): RateRow[] {
  const n = new Array<number>(10).fill(0);
  const events = new Array<number>(10).fill(0);
  for (const row of rows) {
    if (!Number.isInteger(row.score) || row.score < 1 || row.score > 10) throw new RangeError(`score ${row.score} is not an integer 1-10`);
    n[row.score - 1]!++;
    if (row.outcome) events[row.score - 1]!++;
  }
  return n.map((count, i) => {
    const interval = wilsonInterval(events[i]!, count);
    return { key: String(i + 1), n: count, events: events[i]!, rate: interval.estimate, low: interval.low, high: interval.high };
  });
}

/**
 * Share of all events that fall in the top `fraction` (default 0.1) of rows by score. The cut is
 * fraction x n rows, not rounded; a tie group straddling it contributes its events pro rata,
 * since no order within a tie is better than another (so a constant score gives exactly
 * `fraction`). null without events.
 */
export function topShareCapture(rows: readonly Scored[], fraction = 0.1): number | null {
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError(`fraction must be within 0..1, got ${fraction}`);
  const split = splitScores(rows);
  const totalEvents = split.positives.length;
  if (totalEvents === 0) return null;
  const cut = fraction * rows.length;
  let taken = 0;
  let captured = 0;
  forEachTieGroupDescending(split, (p, q) => {
    const size = p + q;
    const take = Math.min(size, Math.max(0, cut - taken));
    captured += (p * take) / size;
    taken += take;
  });
  return captured / totalEvents;
}

/** Ascending score, then group id, then original position: a total order, so deciles are deterministic despite ties. */
function sortedForDeciles(rows: readonly Scored[]): number[] {
  const order = rows.map((_, index) => index);
  return order.sort((a, b) => {
    const x = rows[a]!;
    const y = rows[b]!;
    if (x.score !== y.score) return x.score - y.score;
    if (x.group !== y.group) return x.group < y.group ? -1 : 1;
    return a - b;
  });
}

/**
 * Rows sorted by score ascending and cut into 10 groups of (nearly) equal size (decile 1 = lowest
 * scores); group sizes differ by at most one. For a probability score, meanScore is the mean
 * predicted probability, which makes this the calibration table. Fewer than 10 rows: as many
 * deciles as rows.
 */
export function deciles(rows: readonly Scored[]): DecileRow[] {
  const order = sortedForDeciles(rows);
  const count = Math.min(10, rows.length);
  const result: DecileRow[] = [];
  for (let d = 0; d < count; d++) {
    const start = Math.floor((d * rows.length) / count);
    const end = Math.floor(((d + 1) * rows.length) / count);
    let scoreSum = 0;
    let events = 0;
    for (let i = start; i < end; i++) {
      const row = rows[order[i]!]!;
      scoreSum += row.score;
      if (row.outcome) events++;
    }
    const n = end - start;
    result.push({ decile: d + 1, n, meanScore: scoreSum / n, events, observedRate: events / n });
  }
  return result;
}

export interface RocPoint {
  falsePositiveRate: number;
  truePositiveRate: number;
}

/** The ROC curve through every distinct score as a threshold (score at or above it flagged), from (0, 0) to (1, 1); empty when either class is. */
export function rocPoints(rows: readonly Scored[]): RocPoint[] {
  const positives = rows.filter((row) => row.outcome).length;
  const negatives = rows.length - positives;
  if (positives === 0 || negatives === 0) return [];
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  const points: RocPoint[] = [{ falsePositiveRate: 0, truePositiveRate: 0 }];
  let truePositives = 0;
  let falsePositives = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    const row = sorted[index]!;
    if (row.outcome) truePositives += 1;
    else falsePositives += 1;
    // One point per threshold: after the last row of a run of equal scores.
    if (index === sorted.length - 1 || sorted[index + 1]!.score !== row.score) {
      points.push({ falsePositiveRate: falsePositives / negatives, truePositiveRate: truePositives / positives });
    }
  }
  return points;
}
