/**
 * Seeded randomness for the generator. mulberry32 is small, fast and good enough for synthetic
 * data; it is not for anything secret. Streams are derived by hashing a seed with labels, so
 * that one state's or one facility's draws never depend on another's:
 * excluding a state or changing the scale leaves every other record as it was.
 */

/** 32-bit FNV-1a over the parts, then a murmur3 finaliser to spread close seeds apart. */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}\u0000`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Mixes a 32-bit seed with an integer (cheaper than hashSeed in per-record loops). */
export function mixSeed(seed: number, value: number): number {
  let hash = Math.imul(seed ^ value, 0x9e3779b1);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x85ebca6b);
  return (hash ^ (hash >>> 13)) >>> 0;
}

export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(this.#state ^ (this.#state >>> 15), 1 | this.#state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box-Muller; one value per call keeps the stream simple to reason about). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Geometric count of failures before a success, with the given mean (0 when mean <= 0). */
  geometric(mean: number): number {
    if (mean <= 0) return 0;
    return Math.floor(Math.log(1 - this.next()) / Math.log(mean / (1 + mean)));
  }
}

/** A table of [value, weight] pairs, sampled in O(log n). */
export class Weighted<T> {
  readonly #values: T[];
  readonly #cumulative: Float64Array;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    this.#values = entries.map(([value]) => value);
    this.#cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach(([, weight], i) => (this.#cumulative[i] = sum += weight));
    for (let i = 0; i < entries.length; i++) this.#cumulative[i]! /= sum;
  }

  sample(random: Random): T {
    const u = random.next();
    let low = 0;
    let high = this.#cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#cumulative[middle]! > u) high = middle;
      else low = middle + 1;
    }
    return this.#values[low]!;
  }
}
