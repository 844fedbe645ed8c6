import { describe, expect, it } from 'vitest';
import { bootstrapInterval, deciles, prAuc, ratePerScore, rocAuc, rocPoints, seededRandom, topShareCapture, wilsonInterval, type Scored } from './metrics.js';

function rowsOf(scores: readonly number[], outcomes: readonly boolean[], groups?: readonly string[]): Scored[] {
  return scores.map((score, i) => ({ score, outcome: outcomes[i]!, group: groups?.[i] ?? `g${i}` }));
}

/** Facilities of `rowsPerGroup` dates each; a facility's latent risk drives both its integer score and its outcomes. */
function syntheticBacktest(groupCount: number, seed: number, rowsPerGroup = 5): Scored[] {
  const random = seededRandom(seed);
  const rows: Scored[] = [];
  for (let g = 0; g < groupCount; g++) {
    const risk = random();
    for (let d = 0; d < rowsPerGroup; d++) {
      const score = Math.min(10, Math.max(1, Math.round(1 + 9 * risk + 2 * (random() - 0.5))));
      rows.push({ score, outcome: random() < 0.05 + 0.3 * risk, group: `f${g}` });
    }
  }
  return rows;
}

describe('rocAuc and prAuc', () => {
  it('give 1 for a score equal to the outcome and AUC 0 for the reversed score', () => {
    const outcomes = [true, false, false, true, false, false, false, true, false, false];
    const perfect = rowsOf(
      outcomes.map((o) => (o ? 1 : 0)),
      outcomes,
    );
    expect(rocAuc(perfect)).toBe(1);
    expect(prAuc(perfect)).toBe(1);
    const reversed = rowsOf(
      outcomes.map((o) => (o ? 0 : 1)),
      outcomes,
    );
    expect(rocAuc(reversed)).toBe(0);
  });

  it('are null when a class they need is missing', () => {
    expect(rocAuc(rowsOf([1, 2], [true, true]))).toBeNull();
    expect(rocAuc(rowsOf([1, 2], [false, false]))).toBeNull();
    expect(prAuc(rowsOf([1, 2], [false, false]))).toBeNull();
    expect(prAuc(rowsOf([1, 2], [true, true]))).toBe(1);
    expect(rocAuc([])).toBeNull();
  });

  it('match a hand-computed example with ties', () => {
    // scores [1, 2, 2, 3], outcomes [f, t, f, t]. Positives score 2 and 3, negatives 1 and 2.
    // Pairs (positive vs negative): 2>1 → 1, 2=2 → 1/2, 3>1 → 1, 3>2 → 1; sum 3.5 of 4 pairs = 0.875.
    // Average precision, thresholds from the top (the tie at 2 is one threshold):
    //   >= 3: TP 1, FP 0 → precision 1, recall 0 → 1/2
    //   >= 2: TP 2, FP 1 → precision 2/3, recall 1/2 → 1
    //   >= 1: no new positive, no recall gained
    // AP = 1/2 * 1 + 1/2 * 2/3 = 5/6.
    const rows = rowsOf([1, 2, 2, 3], [false, true, false, true]);
    expect(rocAuc(rows)).toBeCloseTo(0.875, 12);
    expect(prAuc(rows)).toBeCloseTo(5 / 6, 12);
  });

  it('count a whole tie of positives and negatives at once', () => {
    // All four tied: every pair counts 1/2, and the one threshold has precision 2/4.
    const rows = rowsOf([7, 7, 7, 7], [true, false, true, false]);
    expect(rocAuc(rows)).toBe(0.5);
    expect(prAuc(rows)).toBe(0.5);
  });

  it('give AUC about 0.5 and PR-AUC about the base rate for a score independent of the outcome', () => {
    const random = seededRandom(42);
    const probability: Scored[] = [];
    const integer: Scored[] = [];
    for (let i = 0; i < 20_000; i++) {
      const outcome = random() < 0.1;
      probability.push({ score: random(), outcome, group: `f${i}` });
      integer.push({ score: 1 + Math.floor(random() * 10), outcome, group: `f${i}` });
    }
    const baseRate = probability.filter((row) => row.outcome).length / probability.length;
    for (const rows of [probability, integer]) {
      expect(Math.abs(rocAuc(rows)! - 0.5)).toBeLessThan(0.02);
      expect(Math.abs(prAuc(rows)! - baseRate)).toBeLessThan(0.01);
    }
  });

  it('refuse a NaN score', () => {
    expect(() => rocAuc(rowsOf([Number.NaN, 1], [true, false]))).toThrow(RangeError);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededRandom(8)()).not.toBe(values[0]);
  });
});

describe('bootstrapInterval', () => {
  const data = syntheticBacktest(400, 11);

  it('is reproducible for a seed and contains the estimate', () => {
    const first = bootstrapInterval(data, rocAuc, { resamples: 300, seed: 5 });
    const again = bootstrapInterval(data, rocAuc, { resamples: 300, seed: 5 });
    expect(again).toEqual(first);
    expect(first.estimate).toBe(rocAuc(data));
    expect(first.low!).toBeLessThan(first.estimate!);
    expect(first.high!).toBeGreaterThan(first.estimate!);
    expect(bootstrapInterval(data, rocAuc, { resamples: 300, seed: 6 })).not.toEqual(first);
  });

  it('narrows (about halves) when the data are four times larger', () => {
    const small = bootstrapInterval(data, rocAuc);
    const large = bootstrapInterval(syntheticBacktest(1600, 11), rocAuc);
    const smallWidth = small.high! - small.low!;
    const largeWidth = large.high! - large.low!;
    expect(largeWidth).toBeLessThan(0.7 * smallWidth);
    expect(largeWidth).toBeGreaterThan(0.3 * smallWidth);
  });

  it('draws every row of a facility together', () => {
    const paired = syntheticBacktest(100, 3, 2);
    let calls = 0;
    const evenPerGroup = (rows: readonly Scored[]): number | null => {
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
      for (const count of counts.values()) if (count % 2 !== 0) throw new Error('a facility was split');
      expect(rows.length).toBe(paired.length);
      calls++;
      return rocAuc(rows);
    };
    bootstrapInterval(paired, evenPerGroup, { resamples: 200 });
    expect(calls).toBe(201);
  });

  it('gives the same interval when every facility has its row twice', () => {
    // The same seed draws the same facilities, and duplicating every row leaves the AUC as it was.
    const single = syntheticBacktest(300, 4, 1);
    const doubled = single.flatMap((row) => [row, { ...row }]);
    const a = bootstrapInterval(single, rocAuc, { resamples: 200 });
    const b = bootstrapInterval(doubled, rocAuc, { resamples: 200 });
    expect(b.estimate!).toBeCloseTo(a.estimate!, 12);
    expect(b.low!).toBeCloseTo(a.low!, 12);
    expect(b.high!).toBeCloseTo(a.high!, 12);
  });

  it('skips null resamples, and gives no bounds when fewer than half give a value', () => {
    // One positive among 20 facilities: about 1 - (19/20)^20 = 64 % of resamples draw it, the rest
    // have no AUC and are skipped.
    const rows = rowsOf(
      Array.from({ length: 20 }, (_, i) => i),
      Array.from({ length: 20 }, (_, i) => i === 0),
    );
    let nulls = 0;
    const counted = (sample: readonly Scored[]): number | null => {
      const value = rocAuc(sample);
      if (value === null) nulls++;
      return value;
    };
    const mostlyDefined = bootstrapInterval(rows, counted, { resamples: 200 });
    expect(nulls).toBeGreaterThan(40);
    expect(nulls).toBeLessThan(100);
    expect(mostlyDefined).toEqual({ estimate: 0, low: 0, high: 0 });
    // A draw of 20 from 20 facilities almost never repeats none, so this statistic is nearly always null.
    const distinctOnly = (sample: readonly Scored[]): number | null => (new Set(sample.map((row) => row.group)).size === sample.length ? rocAuc(sample) : null);
    expect(bootstrapInterval(rows, distinctOnly, { resamples: 200 })).toEqual({ estimate: 0, low: null, high: null });
    expect(bootstrapInterval([], rocAuc, { resamples: 10 })).toEqual({ estimate: null, low: null, high: null });
  });
});

describe('wilsonInterval', () => {
  it('matches known values', () => {
    const none = wilsonInterval(0, 10);
    expect(none.estimate).toBe(0);
    expect(none.low).toBe(0);
    expect(none.high!).toBeCloseTo(0.2775, 4);
    const half = wilsonInterval(5, 10);
    expect(half.estimate).toBe(0.5);
    expect(half.low!).toBeCloseTo(0.2366, 4);
    expect(half.high!).toBeCloseTo(0.7634, 4);
    const all = wilsonInterval(10, 10);
    expect(all.low!).toBeCloseTo(0.7225, 4);
    expect(all.high).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual({ estimate: null, low: null, high: null });
  });
});

describe('ratePerScore', () => {
  it('lists all ten scores, empty ones too, with counts and Wilson intervals', () => {
    const rows = rowsOf([1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 10], [false, true, true, true, true, true, true, false, false, false, false, false, false]);
    const table = ratePerScore(rows);
    expect(table.map((row) => row.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(table[0]).toMatchObject({ n: 2, events: 1, rate: 0.5 });
    expect(table[1]).toEqual({ key: '2', n: 0, events: 0, rate: null, low: null, high: null });
    expect(table[2]!.rate).toBe(0.5);
    expect(table[2]!.low!).toBeCloseTo(0.2366, 4);
    expect(table[9]).toMatchObject({ n: 1, events: 0, rate: 0, low: 0 });
    expect(table.reduce((sum, row) => sum + row.n, 0)).toBe(rows.length);
  });

  it('refuses a score that is not an integer 1-10', () => {
    expect(() => ratePerScore(rowsOf([0.3], [true]))).toThrow(RangeError);
    expect(() => ratePerScore(rowsOf([11], [true]))).toThrow(RangeError);
  });
});

describe('topShareCapture', () => {
  it('gives exactly the fraction for a constant score', () => {
    const rows = rowsOf(
      new Array<number>(37).fill(5),
      Array.from({ length: 37 }, (_, i) => i % 3 === 0),
    );
    expect(topShareCapture(rows)).toBeCloseTo(0.1, 12);
    expect(topShareCapture(rows, 0.25)).toBeCloseTo(0.25, 12);
  });

  it('gives min(1, fraction * n / events) for a perfect score', () => {
    // 100 rows, top 10 % = 10 rows. 5 events all fit: 1. 20 events: 10 of them fit: 10 / 20.
    const fiveEvents = Array.from({ length: 100 }, (_, i) => i < 5);
    expect(topShareCapture(rowsOf(fiveEvents.map(Number), fiveEvents))).toBe(1);
    const twentyEvents = Array.from({ length: 100 }, (_, i) => i < 20);
    expect(topShareCapture(rowsOf(twentyEvents.map(Number), twentyEvents))).toBe(0.5);
  });

  it('shares a tie straddling the cut pro rata', () => {
    // 10 rows, top 20 % = 2 rows, all from the tie of five at score 2, which holds 2 events:
    // 2/5 of them = 0.8 events of 2 in all → 0.4.
    const rows = rowsOf([2, 2, 2, 2, 2, 1, 1, 1, 1, 1], [true, true, false, false, false, false, false, false, false, false]);
    expect(topShareCapture(rows, 0.2)).toBeCloseTo(0.4, 12);
    expect(topShareCapture(rowsOf([1, 2], [false, false]))).toBeNull();
  });
});

describe('deciles', () => {
  it('cuts 100 rows into ten deciles of ten, lowest scores first', () => {
    const random = seededRandom(9);
    const rows: Scored[] = Array.from({ length: 100 }, (_, i) => {
      const score = random();
      return { score, outcome: random() < score, group: `f${i}` };
    });
    const table = deciles(rows);
    expect(table.map((row) => row.decile)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(table.every((row) => row.n === 10)).toBe(true);
    const sorted = rows.map((row) => row.score).sort((a, b) => a - b);
    expect(table[0]!.meanScore).toBeCloseTo(sorted.slice(0, 10).reduce((sum, s) => sum + s, 0) / 10, 12);
    for (let d = 1; d < 10; d++) expect(table[d]!.meanScore).toBeGreaterThan(table[d - 1]!.meanScore);
    expect(table.reduce((sum, row) => sum + row.events, 0)).toBe(rows.filter((row) => row.outcome).length);
    for (const row of table) expect(row.observedRate).toBe(row.events / row.n);
  });

  it('makes sizes differ by at most one, and as many deciles as rows below ten', () => {
    const sizes = deciles(syntheticBacktest(5, 2)).map((row) => row.n);
    expect(sizes).toEqual([2, 3, 2, 3, 2, 3, 2, 3, 2, 3]);
    expect(deciles(rowsOf([3, 1, 2], [true, false, false]))).toEqual([
      { decile: 1, n: 1, meanScore: 1, events: 0, observedRate: 0 },
      { decile: 2, n: 1, meanScore: 2, events: 0, observedRate: 0 },
      { decile: 3, n: 1, meanScore: 3, events: 1, observedRate: 1 },
    ]);
    expect(deciles([])).toEqual([]);
  });

  it('breaks ties by group id, whatever the input order', () => {
    const rows = rowsOf([5, 5], [true, false], ['b', 'a']);
    const expected = [
      { decile: 1, n: 1, meanScore: 5, events: 0, observedRate: 0 },
      { decile: 2, n: 1, meanScore: 5, events: 1, observedRate: 1 },
    ];
    expect(deciles(rows)).toEqual(expected);
    expect(deciles([...rows].reverse())).toEqual(expected);
  });
});

describe('rocPoints', () => {
  it('passes through one point per distinct score, from (0, 0) to (1, 1)', () => {
    const rows = [1, 2, 2, 3].map((score, index) => ({ score, outcome: index % 2 === 1, group: String(index) }));
    expect(rocPoints(rows)).toEqual([
      { falsePositiveRate: 0, truePositiveRate: 0 },
      { falsePositiveRate: 0, truePositiveRate: 0.5 },
      { falsePositiveRate: 0.5, truePositiveRate: 1 },
      { falsePositiveRate: 1, truePositiveRate: 1 },
    ]);
    expect(rocPoints(rows.map((row) => ({ ...row, outcome: false })))).toEqual([]);
  });
});
