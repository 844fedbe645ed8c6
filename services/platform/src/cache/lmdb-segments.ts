/**
 * The segment files' books, in the `segments` sub-database
 * (docs/decisions/0128-cache-values-outside-the-map.md). A record is written before its file is
 * created, so every file has one; what its keys were given and released is counted in the same
 * transactions that point keys at values and away from them, so the books always agree with the
 * keys.
 */
import type { Database } from 'lmdb';
import { segmentFileName, type BlobRef } from './lmdb-blob-files.js';

export interface SegmentRecord {
  /** Bytes that keys were pointed at. */
  stored: number;
  /** Of those, bytes that keys let go of (overwritten, deleted, expired, moved). */
  released: number;
  sealed: boolean;
  /** The writer's process. */
  pid: number;
  /** When the segment was found to hold nothing any key needs; 0 while it does. */
  deadSince: number;
}

const RECORD_BYTES = 29;

export function segmentKey(segment: number): Buffer {
  const key = Buffer.alloc(4);
  key.writeUInt32BE(segment);
  return key;
}

export function encodeSegment(record: SegmentRecord): Buffer {
  const bytes = Buffer.alloc(RECORD_BYTES);
  bytes.writeDoubleBE(record.stored, 0);
  bytes.writeDoubleBE(record.released, 8);
  bytes[16] = record.sealed ? 1 : 0;
  bytes.writeUInt32BE(record.pid, 17);
  bytes.writeDoubleBE(record.deadSince, 21);
  return bytes;
}

export function decodeSegment(bytes: Uint8Array): SegmentRecord {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { stored: view.readDoubleBE(0), released: view.readDoubleBE(8), sealed: view[16] === 1, pid: view.readUInt32BE(17), deadSince: view.readDoubleBE(21) };
}

export function newSegmentRecord(): SegmentRecord {
  return { stored: 0, released: 0, sealed: false, pid: process.pid, deadSince: 0 };
}

/**
 * What one transaction gives to and takes from segments, written once at its end: a batch of
 * thousands of values into one segment updates its record once, not per value.
 */
export class SegmentTally {
  private readonly changes = new Map<number, { stored: number; released: number; seal: boolean }>();

  stored(ref: BlobRef): void {
    this.changeOf(ref.segment).stored += ref.length;
  }

  released(ref: BlobRef): void {
    this.changeOf(ref.segment).released += ref.length;
  }

  seal(segment: number): void {
    this.changeOf(segment).seal = true;
  }

  writeTo(segments: Database<Buffer, Buffer>): void {
    for (const [segment, change] of this.changes) {
      const key = segmentKey(segment);
      const stored = segments.getBinaryFast(key);
      // Every segment is recorded before its file is created, and its file removed only after its
      // record: keys pointed at a segment without a record would name bytes that are gone, so the
      // write fails instead. One the upkeep found dead but has not removed lives again.
      if (change.stored > 0 && stored === undefined) throw new Error(`Cache segment ${segmentFileName(segment)} was removed while values were written to it`);
      const record = stored === undefined ? newSegmentRecord() : decodeSegment(stored);
      record.stored += change.stored;
      record.released += change.released;
      record.sealed ||= change.seal;
      if (change.stored > 0) record.deadSince = 0;
      segments.putSync(key, encodeSegment(record));
    }
  }

  private changeOf(segment: number) {
    let change = this.changes.get(segment);
    if (change === undefined) {
      change = { stored: 0, released: 0, seal: false };
      this.changes.set(segment, change);
    }
    return change;
  }
}

export function readSegments(segments: Database<Buffer, Buffer>): Map<number, SegmentRecord> {
  const records = new Map<number, SegmentRecord>();
  for (const { key, value } of segments.getRange({})) records.set((key as Buffer).readUInt32BE(0), decodeSegment(value));
  return records;
}
