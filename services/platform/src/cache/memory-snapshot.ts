/**
 * Persists the embedded cache between runs, so a restart of the embedded platform serves the
 * derived data (maps, statistics, facility lists) at once instead of rebuilding it. Binary,
 * length-prefixed; written to a temporary file and renamed, so a crash leaves the old snapshot;
 * readable by its owner only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writePrivateFileSync } from '../files/private-files.js';
import type { MemoryEntry } from './memory-entry.js';

const MAGIC = Buffer.from('USTCACHE1');

export function writeSnapshot(file: string, entries: ReadonlyMap<string, MemoryEntry>): void {
  const parts: Buffer[] = [MAGIC];
  const now = Date.now();
  const pushBytes = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    parts.push(length, bytes);
  };
  for (const [key, entry] of entries) {
    if (entry.expiresAt !== undefined && entry.expiresAt <= now) continue;
    const header = Buffer.alloc(9);
    header.writeUInt8(entry.kind === 'string' ? 0 : 1, 0);
    header.writeDoubleLE(entry.expiresAt ?? 0, 1);
    pushBytes(Buffer.from(key, 'utf8'));
    parts.push(header);
    if (entry.kind === 'string') {
      pushBytes(entry.value);
    } else {
      const count = Buffer.alloc(4);
      count.writeUInt32LE(entry.fields.size);
      parts.push(count);
      for (const [field, value] of entry.fields) {
        pushBytes(Buffer.from(field, 'utf8'));
        pushBytes(value);
      }
    }
  }
  // It holds users' e-mails and roles among the derived data: its owner's only.
  writePrivateFileSync(file, Buffer.concat(parts));
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
