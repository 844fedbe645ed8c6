/**
 * The LMDB cache's environment, shared by the root cache and every prefixed view of it, and how
 * its keys and records are laid out in four sub-databases:
 *
 * - `meta`: full key → its kind and expiry (9 bytes). The one record that says a key exists, so
 *   listing and deleting by prefix scan small records, never the values.
 * - `strings`: full key → the bytes of a string shorter than OUTSIDE_THRESHOLD (lmdb-blob-files.ts).
 * - `outside`: full key → where a longer string's bytes lie in the segment files beside LMDB
 *   (16 bytes). A string is in `strings` or in `outside`, never both.
 * - `segments`: segment number → how many bytes its keys were given and have released, whether
 *   it is sealed, its writer's process, and when it was found dead (lmdb-segments.ts).
 * - `fields`: the hash's full key, length first, then the field name → the field's bytes, so HSET
 *   and HGET touch one field and not the whole hash. The length keeps `a` + field `b\0c` apart
 *   from `a\0b` + field `c`, which a separator would mix up.
 * - `expiries`: expiry time, then full key → nothing: the keys in the order they expire, so the
 *   sweep reads only those that are due.
 *
 * Every change runs in one write transaction of lmdb-js' asynchronous queue, so it is atomic
 * against every other view and process using the directory, concurrent calls are committed
 * together, and the event loop never waits for a disk sync. Keys are LMDB keys: at most 1978
 * bytes with what this layout adds (8 for an expiry, 4 plus the field name for a hash field).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import { BlobFiles, decodeRef, encodeRef, OUTSIDE_THRESHOLD, segmentFileName, type BlobRef } from './lmdb-blob-files.js';
import { encodeSegment, newSegmentRecord, segmentKey, SegmentTally } from './lmdb-segments.js';

export type KeyKind = 'string' | 'hash';

export interface KeyMeta {
  kind: KeyKind;
  /** Epoch milliseconds; none without expiry. */
  expiresAt?: number;
}

export interface LmdbStore {
  readonly path: string;
  readonly env: RootDatabase;
  readonly meta: Database<Buffer, Buffer>;
  readonly strings: Database<Buffer, Buffer>;
  readonly fields: Database<Buffer, Buffer>;
  readonly expiries: Database<Buffer, Buffer>;
  readonly outside: Database<Buffer, Buffer>;
  readonly segments: Database<Buffer, Buffer>;
  readonly blobs: BlobFiles;
  /** What the transaction running now gave and took from segments, written when it ends. */
  tally?: SegmentTally;
  closed: boolean;
  sweepTimer?: NodeJS.Timeout;
}

/**
 * Address space reserved for the file at open; the file itself grows only as data is written.
 * lmdb-js otherwise starts with a 128 KB map and doubles it as the file grows, and keeps every
 * smaller map mapped until the environment closes (readers may still hold pages of them): pages
 * read through two maps count twice in the process's RSS. 64 GB is over 30 times the national
 * cache; a file that outgrows it still grows as before.
 */
const MAP_SIZE = 64 * 1024 ** 3;

/** How often keys that expired are removed even if nobody reads them (reads treat them as gone at once). */
const SWEEP_INTERVAL_MS = 1_000;
/** Keys removed per sweep at most, so one sweep never holds the write lock for long after a pause. */
const SWEEP_BATCH = 10_000;

/** @param segmentBytes how much a writer appends to a segment before it starts the next (tests make it small) */
export function openLmdbStore(directory: string, segmentBytes?: number): LmdbStore {
  // The cache holds users' e-mails among the derived data: a directory it creates is its owner's only.
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  // noSubdir: false, or lmdb-js would take a path with a dot in its last part for a file.
  const env = open({ path: directory, noSubdir: false, maxDbs: 6, mapSize: MAP_SIZE });
  const binary = { encoding: 'binary', keyEncoding: 'binary', cache: false } as const;
  const segments = env.openDB<Buffer, Buffer>({ name: 'segments', ...binary });
  const store: LmdbStore = {
    path: directory,
    env,
    meta: env.openDB<Buffer, Buffer>({ name: 'meta', ...binary }),
    strings: env.openDB<Buffer, Buffer>({ name: 'strings', ...binary }),
    fields: env.openDB<Buffer, Buffer>({ name: 'fields', ...binary }),
    expiries: env.openDB<Buffer, Buffer>({ name: 'expiries', ...binary }),
    outside: env.openDB<Buffer, Buffer>({ name: 'outside', ...binary }),
    segments,
    blobs: new BlobFiles(path.join(directory, 'segments'), (segment) => registerSegment(env, segments, segment), segmentBytes),
    closed: false,
  };
  store.sweepTimer = setInterval(() => {
    store.blobs.closeRemoved();
    sweepExpired(store).catch((error: unknown) => {
      process.emitWarning(`Sweeping expired keys from the cache in ${directory} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, SWEEP_INTERVAL_MS);
  store.sweepTimer.unref();
  return store;
}

/**
 * Records a new segment of this writer, committed before its file is created, so the upkeep never
 * takes the file for a leftover; false when the number is taken. Once per segment, so a
 * synchronous commit.
 */
function registerSegment(env: RootDatabase, segments: Database<Buffer, Buffer>, segment: number): boolean {
  return env.transactionSync(() => {
    const key = segmentKey(segment);
    if (segments.getBinaryFast(key) !== undefined) return false;
    segments.putSync(key, encodeSegment(newSegmentRecord()));
    return true;
  });
}

/**
 * Stops the sweep, seals the segment this writer appended to, and closes the environment once
 * its queued writes are committed; once.
 */
export async function closeLmdbStore(store: LmdbStore): Promise<void> {
  if (store.closed) return;
  const current = store.blobs.currentSegment;
  if (current !== undefined) await writeTransaction(store, () => store.tally!.seal(current));
  store.closed = true;
  clearInterval(store.sweepTimer);
  await store.env.close();
  store.blobs.close();
}

export function assertOpen(store: LmdbStore): void {
  if (store.closed) throw new Error('Cache is closed');
}

/**
 * Runs `change` in one write transaction and resolves with its result once it is committed.
 * lmdb-js commits the changes queued in the same turn together; each runs as a child
 * transaction of that commit, so one that throws part-way (a WRONGTYPE, a key longer than LMDB
 * takes) leaves nothing behind while the others commit.
 */
export function writeTransaction<T>(store: LmdbStore, change: () => T): Promise<T> {
  assertOpen(store);
  return store.env.childTransaction(() => {
    const tally = new SegmentTally();
    store.tally = tally;
    try {
      const result = change();
      tally.writeTo(store.segments);
      return result;
    } finally {
      store.tally = undefined;
    }
  });
}

// ---- records -------------------------------------------------------------------------------

const KIND_BYTES: Record<KeyKind, number> = { string: 0, hash: 1 };

/** Kind, then the expiry as a double (0 without expiry). */
export function encodeMeta(meta: KeyMeta): Buffer {
  const bytes = Buffer.alloc(9);
  bytes[0] = KIND_BYTES[meta.kind];
  bytes.writeDoubleBE(meta.expiresAt ?? 0, 1);
  return bytes;
}

export function decodeMeta(bytes: Uint8Array): KeyMeta {
  const kind: KeyKind = bytes[0] === KIND_BYTES.hash ? 'hash' : 'string';
  const expiresAt = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readDoubleBE(1);
  return expiresAt === 0 ? { kind } : { kind, expiresAt };
}

/** The bytes of a full key (view prefix included). */
export function keyBytes(fullKey: string): Buffer {
  return Buffer.from(fullKey, 'utf8');
}

/** Where a hash's fields start: its key's length, then its key. */
export function hashFieldsStart(fullKey: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(fullKey.length);
  return Buffer.concat([length, fullKey]);
}

export function hashFieldKey(fullKey: Buffer, field: string): Buffer {
  return Buffer.concat([hashFieldsStart(fullKey), Buffer.from(field, 'utf8')]);
}

/**
 * Expiry time, then the key. Positive doubles' big-endian bytes sort as the numbers do, so the
 * records are in expiry order.
 */
export function expiryKey(expiresAt: number, fullKey: Buffer): Buffer {
  const time = Buffer.alloc(8);
  time.writeDoubleBE(expiresAt);
  return Buffer.concat([time, fullKey]);
}

/** Keys of `db` starting with `start`, in byte order (read lazily: stop early by breaking). */
export function* keysStartingWith(db: Database<Buffer, Buffer>, start: Buffer): Generator<Buffer> {
  for (const key of db.getKeys({ start })) {
    const bytes = key as Buffer;
    if (!startsWith(bytes, start)) return;
    yield bytes;
  }
}

export function startsWith(bytes: Buffer, start: Buffer): boolean {
  return bytes.length >= start.length && bytes.subarray(0, start.length).equals(start);
}

/**
 * The bytes to store, copied now: the write runs in a later transaction, and the caller may
 * reuse its buffer as soon as the call returns.
 */
export function ownBytes(value: string | Buffer): Buffer {
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
}

// ---- writes inside a transaction ------------------------------------------------------------

/** Removes a key's value of either kind, its fields and its place in the expiry order. */
export function removeKey(store: LmdbStore, fullKey: Buffer, meta: KeyMeta): void {
  if (meta.kind === 'string') removeString(store, fullKey);
  else for (const field of [...keysStartingWith(store.fields, hashFieldsStart(fullKey))]) store.fields.removeSync(field);
  if (meta.expiresAt !== undefined) store.expiries.removeSync(expiryKey(meta.expiresAt, fullKey));
  store.meta.removeSync(fullKey);
}

/** Records the key's kind and expiry, moving it in the expiry order from `previous`'s place. */
export function writeMeta(store: LmdbStore, fullKey: Buffer, meta: KeyMeta, previous: KeyMeta | undefined): void {
  if (previous?.expiresAt !== undefined && previous.expiresAt !== meta.expiresAt) store.expiries.removeSync(expiryKey(previous.expiresAt, fullKey));
  if (meta.expiresAt !== undefined) store.expiries.putSync(expiryKey(meta.expiresAt, fullKey), Buffer.alloc(0));
  store.meta.putSync(fullKey, encodeMeta(meta));
}

/** The key's record as stored, expired or not (inside a transaction: what it has written so far). */
export function storedMeta(store: LmdbStore, fullKey: Buffer): KeyMeta | undefined {
  const bytes = store.meta.getBinaryFast(fullKey);
  return bytes === undefined ? undefined : decodeMeta(bytes);
}

// ---- string values, in LMDB or outside it -----------------------------------------------------

/**
 * A copy of the string's bytes (in a read: from the turn's snapshot; in a transaction: what it
 * has written so far).
 */
export function readString(store: LmdbStore, fullKey: Buffer): Buffer | undefined {
  const inside = store.strings.getBinary(fullKey);
  if (inside !== undefined) return inside;
  const where = store.outside.getBinaryFast(fullKey);
  if (where === undefined) return undefined;
  const ref = decodeRef(where);
  const bytes = store.blobs.read(ref);
  // Moved values' segments are removed well after the move (lmdb-segments.ts), so a read never
  // meets one from its own snapshot.
  if (bytes === undefined)
    throw new Error(`Cache segment ${segmentFileName(ref.segment)} of ${fullKey.toString('utf8')} is missing from ${store.blobs.directory}`);
  return bytes;
}

/** Stores the string inside LMDB, releasing what it held outside. */
export function putInside(store: LmdbStore, fullKey: Buffer, bytes: Buffer): void {
  releaseOutside(store, fullKey);
  store.strings.putSync(fullKey, bytes);
}

/** Points the key at bytes appended to a segment (appendOutside), releasing what it held. */
export function putOutside(store: LmdbStore, fullKey: Buffer, ref: BlobRef): void {
  store.strings.removeSync(fullKey);
  releaseOutside(store, fullKey);
  store.outside.putSync(fullKey, encodeRef(ref));
  store.tally!.stored(ref);
}

function removeString(store: LmdbStore, fullKey: Buffer): void {
  store.strings.removeSync(fullKey);
  releaseOutside(store, fullKey);
}

function releaseOutside(store: LmdbStore, fullKey: Buffer): void {
  const where = store.outside.getBinaryFast(fullKey);
  if (where === undefined) return;
  store.tally!.released(decodeRef(where));
  store.outside.removeSync(fullKey);
}

/**
 * Appends the values to this writer's segment and syncs them, before the transaction that points
 * keys at them; seals the segments the appends filled.
 */
export async function appendOutside(store: LmdbStore, values: readonly Buffer[]): Promise<BlobRef[]> {
  assertOpen(store);
  const refs = await store.blobs.append(values);
  const filled = store.blobs.takeFilled();
  if (filled.length > 0) await writeTransaction(store, () => filled.forEach((segment) => store.tally!.seal(segment)));
  return refs;
}

/** Whether a string of this many bytes is stored outside LMDB. */
export function belongsOutside(bytes: Buffer): boolean {
  return bytes.length >= OUTSIDE_THRESHOLD;
}

/** Removes the keys whose expiry has passed, oldest first, at most a batch at a time. */
async function sweepExpired(store: LmdbStore): Promise<void> {
  // A read first, so an idle cache does not queue an empty write every second.
  if (store.closed || dueExpiries(store).length === 0) return;
  await writeTransaction(store, () => {
    for (const record of dueExpiries(store)) {
      const fullKey = record.subarray(8);
      const meta = storedMeta(store, fullKey);
      if (meta?.expiresAt !== undefined && meta.expiresAt <= Date.now()) removeKey(store, fullKey, meta);
      // The key's expiry record moves with its expiry; one left behind is dropped all the same.
      else store.expiries.removeSync(record);
    }
  });
}

function dueExpiries(store: LmdbStore): Buffer[] {
  const end = expiryKey(Date.now() + 1, Buffer.alloc(0));
  return [...store.expiries.getKeys({ end, limit: SWEEP_BATCH })] as Buffer[];
}
