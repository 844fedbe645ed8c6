/**
 * A first-in first-out queue with O(1) push and shift (Array.prototype.shift is O(n), which
 * matters for a buffer holding 100,000 events while the event log is away). It keeps the summed
 * weight of its items (bytes, for the telemetry buffer), so a bound on it costs nothing to check.
 */
export class Fifo<T> {
  private items: T[] = [];
  private head = 0;
  private total = 0;

  /** @param weightOf what an item weighs; @defaultValue nothing, so `weight` stays 0 */
  constructor(private readonly weightOf: (item: T) => number = () => 0) {}

  get length(): number {
    return this.items.length - this.head;
  }

  /** The summed weight of the items held. */
  get weight(): number {
    return this.total;
  }

  push(item: T): void {
    this.items.push(item);
    this.total += this.weightOf(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head] = undefined as T;
    this.head += 1;
    this.total -= this.weightOf(item);
    // Reclaim the consumed front once it is most of the array.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Removes and returns up to `count` items from the front. */
  take(count: number): T[] {
    const taken = this.items.slice(this.head, this.head + count);
    for (let index = 0; index < taken.length; index++) this.shift();
    return taken;
  }

  /**
   * Removes items from the front while their summed weight stays within `budget` (at least one
   * item, so an item heavier than the budget still moves), up to `count` items.
   */
  takeWithin(count: number, budget: number): T[] {
    const taken: T[] = [];
    let used = 0;
    while (taken.length < count && this.length > 0) {
      used += this.weightOf(this.items[this.head]!);
      if (taken.length > 0 && used > budget) break;
      taken.push(this.shift()!);
    }
    return taken;
  }

  /** Puts items back at the front, in their order (a batch that could not be sent). */
  returnToFront(items: readonly T[]): void {
    if (items.length === 0) return;
    this.items = [...items, ...this.items.slice(this.head)];
    this.head = 0;
    for (const item of items) this.total += this.weightOf(item);
  }
}
