/**
 * The segment files' upkeep (docs/decisions/0128-cache-values-outside-the-map.md): a segment
 * whose keys have all let go of their values is removed once no read can still want it, and one
 * whose keys hold less than half of what it was given has the rest moved to a new segment first,
 * so the files hold at most about twice what the keys need. Only sealed segments (full, or their
 * writer closed or gone) are moved or removed: nobody appends to them any more. One cache per
 * directory does this (the platform's own, not its threads').
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { decodeRef, encodeRef, sameRef, segmentFileName, segmentFilesIn, type BlobRef } from './lmdb-blob-files.js';
import { decodeSegment, encodeSegment, readSegments, segmentKey, type SegmentRecord } from './lmdb-segments.js';
import { appendOutside, writeTransaction, type LmdbStore } from './lmdb-store.js';

export interface SegmentUpkeep {
  /** How often a round runs. */
  intervalMs: number;
  /**
   * How long a dead segment's file stays after it was found dead: a read takes where a value
   * lies and reads it in the same turn, so a second is already plenty.
   */
  graceMs: number;
}

export const PLATFORM_UPKEEP: SegmentUpkeep = { intervalMs: 5_000, graceMs: 10_000 };

/** A file without a record this old is left from a segment whose record was removed first. */
const RECORDLESS_FILE_AGE_MS = 60_000;
/** Records read per turn of the event loop by a scan over the keys stored outside. */
const SCAN_BATCH = 5_000;
/** Bytes moved per transaction when a segment is emptied. */
const MOVE_BATCH_BYTES = 16 * 1024 * 1024;

/**
 * One round: removes the files of segments dead for the grace period, seals the segments of
 * writers whose process is gone, marks dead the sealed segments no key needs, and moves the
 * values out of sealed segments that hold more released bytes than live ones.
 */
export async function keepSegments(store: LmdbStore, { graceMs }: SegmentUpkeep): Promise<void> {
  // Files before records: a writer commits a segment's record before it creates its file.
  const files = segmentFilesIn(store.blobs.directory);
  const records = readSegments(store.segments);
  const now = Date.now();
  for (const segment of files) {
    if (!records.has(segment) && now - modifiedAt(store, segment) >= RECORDLESS_FILE_AGE_MS) store.blobs.remove(segment);
  }
  const expired = [...records].filter(([, record]) => record.deadSince > 0 && now - record.deadSince >= graceMs).map(([segment]) => segment);
  const orphans = [...records].filter(([, record]) => !record.sealed && record.pid !== process.pid && !processIsAlive(record.pid)).map(([segment]) => segment);
  const dying = [...records].filter(([, record]) => record.sealed && record.deadSince === 0 && record.released >= record.stored).map(([segment]) => segment);
  if (expired.length + orphans.length + dying.length === 0) return moveSparse(store, records);
  // Checked again inside the transaction, from what is committed: a writer that sealed a segment
  // it filled may still be committing the keys of its last values there (appendOutside).
  const removable = await writeTransaction(store, () => {
    const confirmed: number[] = [];
    for (const segment of expired) {
      const record = recordOf(store, segment);
      if (record === undefined) continue;
      if (record.released < record.stored) store.segments.putSync(segmentKey(segment), encodeSegment({ ...record, deadSince: 0 }));
      else {
        store.segments.removeSync(segmentKey(segment));
        confirmed.push(segment);
      }
    }
    for (const segment of orphans) store.tally!.seal(segment);
    for (const segment of dying) {
      const record = recordOf(store, segment);
      if (record !== undefined && record.released >= record.stored)
        store.segments.putSync(segmentKey(segment), encodeSegment({ ...record, deadSince: Date.now() }));
    }
    return confirmed;
  });
  // Files after their records: a write that still names one fails on the missing record (SegmentTally).
  for (const segment of removable) store.blobs.remove(segment);
  await moveSparse(store, records);
}

async function moveSparse(store: LmdbStore, records: Map<number, SegmentRecord>): Promise<void> {
  const sparse = [...records].filter(
    ([, record]) => record.sealed && record.deadSince === 0 && record.released < record.stored && record.released * 2 > record.stored,
  );
  if (sparse.length > 0) await moveValuesOutOf(store, new Set(sparse.map(([segment]) => segment)));
}

/** The segment's record as committed (inside a transaction: as written so far). */
function recordOf(store: LmdbStore, segment: number): SegmentRecord | undefined {
  const bytes = store.segments.getBinaryFast(segmentKey(segment));
  return bytes === undefined ? undefined : decodeSegment(bytes);
}

/** Moves every value still held in `segments` to this writer's segment; their records then count them released. */
async function moveValuesOutOf(store: LmdbStore, segments: Set<number>): Promise<void> {
  let batch: Array<{ key: Buffer; ref: BlobRef }> = [];
  let batchBytes = 0;
  for await (const records of outsideBatches(store)) {
    for (const record of records) {
      if (!segments.has(record.ref.segment)) continue;
      batch.push(record);
      batchBytes += record.ref.length;
      if (batchBytes >= MOVE_BATCH_BYTES) {
        await moveBatch(store, batch);
        batch = [];
        batchBytes = 0;
      }
    }
  }
  if (batch.length > 0) await moveBatch(store, batch);
}

async function moveBatch(store: LmdbStore, batch: Array<{ key: Buffer; ref: BlobRef }>): Promise<void> {
  const values = await Promise.all(batch.map(({ ref }) => store.blobs.readOffThread(ref)));
  const present = batch.flatMap((entry, index) => (values[index] === undefined ? [] : [{ ...entry, bytes: values[index]! }]));
  const moved = await appendOutside(
    store,
    present.map(({ bytes }) => bytes),
  );
  await writeTransaction(store, () => {
    present.forEach(({ key, ref }, index) => {
      const where = store.outside.getBinaryFast(key);
      // A key written or removed since the scan keeps what it has now; the copy is left unreferenced.
      if (where === undefined || !sameRef(decodeRef(where), ref)) return;
      store.outside.putSync(key, encodeRef(moved[index]!));
      store.tally!.released(ref);
      store.tally!.stored(moved[index]!);
    });
  });
}

/** Every key stored outside with where its value lies, SCAN_BATCH at a time with a turn of the event loop between. */
async function* outsideBatches(store: LmdbStore): AsyncGenerator<Array<{ key: Buffer; ref: BlobRef }>> {
  let start: Buffer | undefined;
  for (;;) {
    if (store.closed) return;
    const batch: Array<{ key: Buffer; ref: BlobRef }> = [];
    for (const { key, value } of store.outside.getRange({ ...(start === undefined ? {} : { start }), limit: SCAN_BATCH + 1 })) {
      const bytes = key as Buffer;
      if (start !== undefined && bytes.equals(start)) continue;
      batch.push({ key: Buffer.from(bytes), ref: decodeRef(value) });
      if (batch.length === SCAN_BATCH) break;
    }
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < SCAN_BATCH) return;
    start = batch[batch.length - 1]!.key;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function modifiedAt(store: LmdbStore, segment: number): number {
  try {
    return statSync(path.join(store.blobs.directory, segmentFileName(segment))).mtimeMs;
  } catch {
    return Date.now(); // removed meanwhile
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
