/**
 * Persists the embedded cache between runs, so a restart of the embedded platform serves the
 * derived data (maps, statistics, facility lists) at once instead of rebuilding it. Binary,
 * length-prefixed; written to a temporary file and renamed, so a crash or a kill leaves the
 * previous file whole; readable by its owner only.
 *
 * Two files: the snapshot, the whole store (hundreds of megabytes for a national dataset,
 * written when a dataset version goes live), and beside it the changes since that snapshot
 * (`<snapshot>.changes`: users, dialog bodies, counters; kilobytes), which is what a stop
 * writes, so a stop never has to rewrite the snapshot for a few changed keys. The changes file
 * names the snapshot it applies to (a random generation written in the snapshot's header): one
 * left beside a newer snapshot, by a crash between the two renames, is ignored.
 *
 * The writer holds the event loop for one chunk of entries at a time and writes each chunk
 * before serializing the next, so requests are served while a national dataset is saved, and
 * the file never has to fit in one buffer.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../files/private-files.js';
import type { MemoryEntry } from './memory-entry.js';

const SNAPSHOT_MAGIC = Buffer.from('USTCACHE2');
/** The format before changes files: read as a snapshot without a generation. */
const FIRST_SNAPSHOT_MAGIC = Buffer.from('USTCACHE1');
const CHANGES_MAGIC = Buffer.from('USTCHANGES1');
const GENERATION_BYTES = 16;
/** Serialized bytes gathered before a chunk is written and the event loop is let go. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/** A record's first byte. `deleted`, in a changes file only: the key was deleted (or expired) since the snapshot. */
const RECORD_KIND = { string: 0, hash: 1, deleted: 2 } as const;

export interface SnapshotWriteOptions {
  /** Checked between chunks: true abandons the write, leaving the previous files in place. */
  abandoned?: () => boolean;
}

/** What a snapshot and its changes file held. */
export interface SnapshotContent {
  entries: Map<string, MemoryEntry>;
  /** The snapshot's generation; undefined when there is none (or it predates generations). */
  generation?: Buffer;
  /** The snapshot file's size. */
  snapshotBytes: number;
  /** The keys the changes file set or deleted: they differ from the snapshot. */
  changedKeys: Set<string>;
}

export function emptySnapshot(): SnapshotContent {
  return { entries: new Map(), snapshotBytes: 0, changedKeys: new Set() };
}

export function changesFileOf(snapshotFile: string): string {
  return `${snapshotFile}.changes`;
}

/**
 * Writes the whole store as it is now: the list of keys is taken at the call, each entry is
 * serialized when its chunk is (a value replaced meanwhile is written as replaced), then removes
 * the changes file, which the new snapshot includes. Resolves the new snapshot's generation and
 * size, or undefined when `abandoned` stopped it.
 */
export async function writeSnapshot(
  file: string,
  entries: ReadonlyMap<string, MemoryEntry>,
  options: SnapshotWriteOptions = {},
): Promise<{ generation: Buffer; bytes: number } | undefined> {
  const generation = randomBytes(GENERATION_BYTES);
  const listed = [...entries];
  const now = Date.now();
  const written = await writeRecords(file, Buffer.concat([SNAPSHOT_MAGIC, generation]), options, function* () {
    for (const [key, entry] of listed) if (entry.expiresAt === undefined || entry.expiresAt > now) yield [key, entry];
  });
  if (written === undefined) return undefined;
  await rm(changesFileOf(file), { force: true });
  return { generation, bytes: written };
}

/**
 * Writes `<file>.changes`: for each of `keys`, its entry as it is now in `entries`, or its
 * deletion when it has none (or it expired), over the snapshot of `generation`.
 */
export async function writeSnapshotChanges(
  file: string,
  generation: Buffer,
  keys: Iterable<string>,
  entries: ReadonlyMap<string, MemoryEntry>,
  options: SnapshotWriteOptions = {},
): Promise<boolean> {
  const listed = [...keys];
  const now = Date.now();
  const written = await writeRecords(changesFileOf(file), Buffer.concat([CHANGES_MAGIC, generation]), options, function* () {
    for (const key of listed) {
      const entry = entries.get(key);
      yield [key, entry && (entry.expiresAt === undefined || entry.expiresAt > now) ? entry : undefined];
    }
  });
  return written !== undefined;
}

/**
 * Writes `header` then each record to a temporary file, renamed to `file` once whole; resolves
 * the bytes written, or undefined when abandoned.
 */
async function writeRecords(
  file: string,
  header: Buffer,
  options: SnapshotWriteOptions,
  records: () => Iterable<[string, MemoryEntry | undefined]>,
): Promise<number | undefined> {
  const temporary = temporaryBeside(file);
  // It holds users' e-mails and roles among the derived data: its owner's only.
  const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
  let renamed = false;
  try {
    let parts: Buffer[] = [header];
    let gathered = header.length;
    let written = 0;
    const flush = async () => {
      await handle.write(Buffer.concat(parts, gathered));
      written += gathered;
      parts = [];
      gathered = 0;
    };
    for (const [key, entry] of records()) {
      gathered += serializeRecord(key, entry, parts);
      if (gathered >= CHUNK_BYTES) {
        await flush();
        if (options.abandoned?.()) return undefined;
      }
    }
    await flush();
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.close();
    if (options.abandoned?.()) return undefined;
    await rename(temporary, file);
    renamed = true;
    return written;
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
    }
  }
}

/** Appends one record's bytes to `parts` (an entry, or the key's deletion); returns how many. */
function serializeRecord(key: string, entry: MemoryEntry | undefined, parts: Buffer[]): number {
  let bytes = 0;
  const pushBytes = (value: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(value.length);
    parts.push(length, value);
    bytes += 4 + value.length;
  };
  const header = Buffer.alloc(9);
  header.writeUInt8(RECORD_KIND[entry?.kind ?? 'deleted'], 0);
  header.writeDoubleLE(entry?.expiresAt ?? 0, 1);
  pushBytes(Buffer.from(key, 'utf8'));
  parts.push(header);
  bytes += header.length;
  if (entry?.kind === 'string') {
    pushBytes(entry.value);
  } else if (entry?.kind === 'hash') {
    const count = Buffer.alloc(4);
    count.writeUInt32LE(entry.fields.size);
    parts.push(count);
    bytes += count.length;
    for (const [field, value] of entry.fields) {
      pushBytes(Buffer.from(field, 'utf8'));
      pushBytes(value);
    }
  }
  return bytes;
}

const TEMPORARY_PREFIX = (file: string) => `.${path.basename(file)}.`;

/** A name beside `file` for writing its next content before the rename. */
function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `${TEMPORARY_PREFIX(file)}${randomBytes(6).toString('hex')}.tmp`);
}

/** Removes temporary files a killed writer left beside `file` or its changes file (only their owner writes them). */
export function removeAbandonedSnapshotWrites(file: string): void {
  const directory = path.dirname(file);
  if (!existsSync(directory)) return;
  // The changes file's temporaries (`.cache.snapshot.changes.<random>.tmp`) share the prefix.
  const prefix = TEMPORARY_PREFIX(file);
  for (const name of readdirSync(directory)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(path.join(directory, name), { force: true });
  }
}

/**
 * The snapshot's entries with its changes file applied when that names this snapshot; empty
 * when there is no snapshot or the file is not one.
 */
export function readSnapshot(file: string): SnapshotContent {
  const content = emptySnapshot();
  if (!existsSync(file)) return content;
  const data = readFileSync(file);
  content.snapshotBytes = data.length;
  const now = Date.now();
  const keep = (key: string, entry: MemoryEntry | undefined) => {
    if (entry && (entry.expiresAt === undefined || entry.expiresAt > now)) content.entries.set(key, entry);
    else content.entries.delete(key);
  };
  if (startsWith(data, FIRST_SNAPSHOT_MAGIC)) {
    readRecords(data, FIRST_SNAPSHOT_MAGIC.length, keep);
    return content;
  }
  if (!startsWith(data, SNAPSHOT_MAGIC)) return content;
  // A copy: a view would keep the whole file's buffer alive.
  content.generation = Buffer.from(data.subarray(SNAPSHOT_MAGIC.length, SNAPSHOT_MAGIC.length + GENERATION_BYTES));
  readRecords(data, SNAPSHOT_MAGIC.length + GENERATION_BYTES, keep);

  const changesFile = changesFileOf(file);
  if (!existsSync(changesFile)) return content;
  const changes = readFileSync(changesFile);
  const base = changes.subarray(CHANGES_MAGIC.length, CHANGES_MAGIC.length + GENERATION_BYTES);
  if (!startsWith(changes, CHANGES_MAGIC) || !base.equals(content.generation)) return content;
  readRecords(changes, CHANGES_MAGIC.length + GENERATION_BYTES, (key, entry) => {
    keep(key, entry);
    content.changedKeys.add(key);
  });
  return content;
}

function startsWith(data: Buffer, magic: Buffer): boolean {
  return data.subarray(0, magic.length).equals(magic);
}

/** Calls `onRecord` with each record from `at` on: the key and its entry, undefined for a deletion. */
function readRecords(data: Buffer, at: number, onRecord: (key: string, entry: MemoryEntry | undefined) => void): void {
  const readBytes = () => {
    const length = data.readUInt32LE(at);
    const bytes = Buffer.from(data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return bytes;
  };
  while (at < data.length) {
    const key = readBytes().toString('utf8');
    const kind = data.readUInt8(at);
    const expiresAt = data.readDoubleLE(at + 1) || undefined;
    at += 9;
    if (kind === RECORD_KIND.string) {
      onRecord(key, { kind: 'string', value: readBytes(), expiresAt });
    } else if (kind === RECORD_KIND.hash) {
      const count = data.readUInt32LE(at);
      at += 4;
      const fields = new Map<string, Buffer>();
      for (let i = 0; i < count; i += 1) fields.set(readBytes().toString('utf8'), readBytes());
      onRecord(key, { kind: 'hash', fields, expiresAt });
    } else {
      onRecord(key, undefined);
    }
  }
}
