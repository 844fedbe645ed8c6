/**
 * The LMDB cache's environment, shared by the root cache and every prefixed view of it, and how
 * its keys and records are laid out in four sub-databases:
 *
 * - `meta`: full key → its kind and expiry (9 bytes). The one record that says a key exists, so
 *   listing and deleting by prefix scan small records, never the values.
 * - `strings`: full key → the string's bytes, as given (a 50 MB blob is stored as one value).
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
import { open, type Database, type RootDatabase } from 'lmdb';

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

export function openLmdbStore(path: string): LmdbStore {
  // The cache holds users' e-mails among the derived data: a directory it creates is its owner's only.
  mkdirSync(path, { recursive: true, mode: 0o700 });
  // noSubdir: false, or lmdb-js would take a path with a dot in its last part for a file.
  const env = open({ path, noSubdir: false, maxDbs: 4, mapSize: MAP_SIZE });
  const binary = { encoding: 'binary', keyEncoding: 'binary', cache: false } as const;
  const store: LmdbStore = {
    path,
    env,
    meta: env.openDB<Buffer, Buffer>({ name: 'meta', ...binary }),
    strings: env.openDB<Buffer, Buffer>({ name: 'strings', ...binary }),
    fields: env.openDB<Buffer, Buffer>({ name: 'fields', ...binary }),
    expiries: env.openDB<Buffer, Buffer>({ name: 'expiries', ...binary }),
    closed: false,
  };
  store.sweepTimer = setInterval(() => {
    sweepExpired(store).catch((error: unknown) => {
      process.emitWarning(`Sweeping expired keys from the cache in ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, SWEEP_INTERVAL_MS);
  store.sweepTimer.unref();
  return store;
}

/** Stops the sweep and closes the environment once its queued writes are committed; once. */
export async function closeLmdbStore(store: LmdbStore): Promise<void> {
  if (store.closed) return;
  store.closed = true;
  clearInterval(store.sweepTimer);
  await store.env.close();
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
  return store.env.childTransaction(change);
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
  if (meta.kind === 'string') store.strings.removeSync(fullKey);
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
