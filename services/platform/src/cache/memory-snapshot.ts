/**
 * Persists the embedded cache between runs, so a restart of the embedded platform serves the
 * derived data (maps, statistics, facility lists) at once instead of rebuilding it. Binary,
 * length-prefixed; written to a temporary file and renamed, so a crash or a kill leaves the
 * previous snapshot whole; readable by its owner only.
 *
 * The writer holds the event loop for one chunk of entries at a time and writes each chunk
 * before serializing the next, so requests are served while a national dataset (hundreds of
 * thousands of keys) is saved, and the file never has to fit in one buffer.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../files/private-files.js';
import type { MemoryEntry } from './memory-entry.js';

const MAGIC = Buffer.from('USTCACHE1');
/** Serialized bytes gathered before a chunk is written and the event loop is let go. */
const CHUNK_BYTES = 4 * 1024 * 1024;

export interface SnapshotWriteOptions {
  /** Checked between chunks: true abandons the write, leaving the previous snapshot in place. */
  abandoned?: () => boolean;
}

/**
 * Writes the entries as they are now: the list of keys is taken at the call, each entry is
 * serialized when its chunk is (a value replaced meanwhile is written as replaced). Resolves
 * false when `abandoned` stopped it.
 */
export async function writeSnapshot(file: string, entries: ReadonlyMap<string, MemoryEntry>, options: SnapshotWriteOptions = {}): Promise<boolean> {
  const listed = [...entries];
  const temporary = temporaryBeside(file);
  // It holds users' e-mails and roles among the derived data: its owner's only.
  const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
  let renamed = false;
  try {
    let parts: Buffer[] = [MAGIC];
    let gathered = MAGIC.length;
    const flush = async () => {
      await handle.write(Buffer.concat(parts, gathered));
      parts = [];
      gathered = 0;
    };
    const now = Date.now();
    for (const [key, entry] of listed) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) continue;
      gathered += serializeEntry(key, entry, parts);
      if (gathered >= CHUNK_BYTES) {
        await flush();
        if (options.abandoned?.()) return false;
      }
    }
    await flush();
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.close();
    if (options.abandoned?.()) return false;
    await rename(temporary, file);
    renamed = true;
    return true;
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
    }
  }
}

/** Appends one entry's bytes to `parts`; returns how many. */
function serializeEntry(key: string, entry: MemoryEntry, parts: Buffer[]): number {
  let bytes = 0;
  const pushBytes = (value: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(value.length);
    parts.push(length, value);
    bytes += 4 + value.length;
  };
  const header = Buffer.alloc(9);
  header.writeUInt8(entry.kind === 'string' ? 0 : 1, 0);
  header.writeDoubleLE(entry.expiresAt ?? 0, 1);
  pushBytes(Buffer.from(key, 'utf8'));
  parts.push(header);
  bytes += header.length;
  if (entry.kind === 'string') {
    pushBytes(entry.value);
  } else {
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

/** Removes temporary files a killed writer left beside `file` (only its owner writes them). */
export function removeAbandonedSnapshotWrites(file: string): void {
  const directory = path.dirname(file);
  if (!existsSync(directory)) return;
  const prefix = TEMPORARY_PREFIX(file);
  for (const name of readdirSync(directory)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(path.join(directory, name), { force: true });
  }
}

/** Entries of a snapshot file; empty when there is none or it is not a snapshot. */
export function readSnapshot(file: string): Map<string, MemoryEntry> {
  const entries = new Map<string, MemoryEntry>();
  if (!existsSync(file)) return entries;
  const data = readFileSync(file);
  if (!data.subarray(0, MAGIC.length).equals(MAGIC)) return entries;
  let at = MAGIC.length;
  const readBytes = () => {
    const length = data.readUInt32LE(at);
    const bytes = Buffer.from(data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return bytes;
  };
  const now = Date.now();
  while (at < data.length) {
    const key = readBytes().toString('utf8');
    const kind = data.readUInt8(at);
    const expiresAt = data.readDoubleLE(at + 1) || undefined;
    at += 9;
    let entry: MemoryEntry;
    if (kind === 0) {
      entry = { kind: 'string', value: readBytes(), expiresAt };
    } else {
      const count = data.readUInt32LE(at);
      at += 4;
      const fields = new Map<string, Buffer>();
      for (let i = 0; i < count; i += 1) fields.set(readBytes().toString('utf8'), readBytes());
      entry = { kind: 'hash', fields, expiresAt };
    }
    if (entry.expiresAt === undefined || entry.expiresAt > now) entries.set(key, entry);
  }
  return entries;
}
