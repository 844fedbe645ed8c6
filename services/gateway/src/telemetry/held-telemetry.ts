/**
 * What the telemetry buffer holds, counted in events and in UTF-8 bytes against its two bounds,
 * batches in flight included: an event taken for a publish still takes its room until the log
 * has it. Admission happens here: room is made by dropping the oldest DEBUG/INFO entries, and
 * only when that makes enough room.
 */
import { Fifo } from './fifo.js';
import { bytesOf, type HeldEvent } from './held-event.js';

export class HeldTelemetry {
  // Three queues so that making room is O(1): the oldest droppable entry is the head of one.
  readonly droppableLogs = new Fifo<HeldEvent>(bytesOf);
  readonly keptLogs = new Fifo<HeldEvent>(bytesOf);
  readonly activities = new Fifo<HeldEvent>(bytesOf);
  /** Each queue holds one topic's events; a flush visits them in this order. */
  readonly queues = [this.keptLogs, this.activities, this.droppableLogs];
  /** The most bytes ever held at once. */
  peakBytes = 0;
  /** DEBUG/INFO entries dropped to make room, in all. */
  dropped = 0;
  /** Dropped entries the log stream has not been told about yet (drop-report.ts). */
  droppedSinceReport = 0;
  private inFlight = 0;
  private inFlightBytes = 0;

  constructor(
    private readonly capacity: number,
    private readonly capacityBytes: number,
  ) {}

  /** Events held, in-flight ones included. */
  get count(): number {
    return this.droppableLogs.length + this.keptLogs.length + this.activities.length + this.inFlight;
  }

  /** Bytes of the events held, in-flight ones included, as counted against `capacityBytes`. */
  get bytes(): number {
    return this.droppableLogs.weight + this.keptLogs.weight + this.activities.weight + this.inFlightBytes;
  }

  /** Events held and not yet taken for a publish. */
  get waiting(): number {
    return this.count - this.inFlight;
  }

  private fits(count: number, bytes: number): boolean {
    return this.count + count <= this.capacity && this.bytes + bytes <= this.capacityBytes;
  }

  /** Makes room for `count` events of `bytes` by dropping the oldest droppable ones; false (nothing dropped) if it cannot. */
  makeRoom(count: number, bytes: number): boolean {
    if (this.fits(count, bytes)) return true;
    const fitsWithoutDroppable =
      this.count - this.droppableLogs.length + count <= this.capacity && this.bytes - this.droppableLogs.weight + bytes <= this.capacityBytes;
    if (!fitsWithoutDroppable) return false;
    while (!this.fits(count, bytes)) {
      this.droppableLogs.shift();
      this.dropped += 1;
      this.droppedSinceReport += 1;
    }
    return true;
  }

  /** Holds an event for which makeRoom made room. */
  hold(queue: Fifo<HeldEvent>, event: HeldEvent): void {
    queue.push(event);
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
  }

  /** Counts a batch taken from its queue as held until `endFlight`; returns its bytes. */
  startFlight(batch: readonly HeldEvent[]): number {
    const bytes = batch.reduce((sum, event) => sum + event.bytes, 0);
    this.inFlight += batch.length;
    this.inFlightBytes += bytes;
    return bytes;
  }

  endFlight(count: number, bytes: number): void {
    this.inFlight -= count;
    this.inFlightBytes -= bytes;
  }
}
