/**
 * The files that hold the LMDB cache's larger string values outside LMDB's map
 * (docs/decisions/0128-cache-values-outside-the-map.md). A value read through the map leaves
 * the file's pages mapped in the process, and on this kernel a fault maps far more of the file
 * than the value (5,180 reads of 1.6 KB mapped 909 MB): they count in the process's RSS until it
 * unmaps the file. A value read with `pread` is one copy into the heap, and the pages stay in the
 * page cache, where they count against nobody.
 *
 * Each writer (a cache opened in a thread or a process) appends to a segment file of its own, so
 * appends need no lock; a segment is named by a random 32-bit number taken with `O_EXCL`. The
 * bytes are written and synced before the transaction that points a key at them is queued, so a
 * committed key never names bytes that are not on disk. A segment is sealed when it is full or
 * its writer closes; what its keys still hold is tracked in the `segments` sub-database.
 */
import { randomInt } from 'node:crypto';
import { closeSync, fdatasync, fstatSync, mkdirSync, openSync, read, readdirSync, readSync, unlinkSync, writev } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const writevAsync = promisify(writev);
const fdatasyncAsync = promisify(fdatasync);
const readAsync = promisify(read);

/** Where a value lies: its segment, its offset in it and its length. */
export interface BlobRef {
  segment: number;
  offset: number;
  length: number;
}

/** Values of this many bytes or more are stored in a segment file; shorter ones inside LMDB. */
export const OUTSIDE_THRESHOLD = 256;

/** A writer starts a new segment once its current one holds this much. */
export const SEGMENT_BYTES = 256 * 1024 * 1024;

const REF_BYTES = 16;

/** Segment (u32), offset (a double: files past 4 GB), length (u32). */
export function encodeRef(ref: BlobRef): Buffer {
  const bytes = Buffer.alloc(REF_BYTES);
  bytes.writeUInt32BE(ref.segment, 0);
  bytes.writeDoubleBE(ref.offset, 4);
  bytes.writeUInt32BE(ref.length, 12);
  return bytes;
}

export function decodeRef(bytes: Uint8Array): BlobRef {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { segment: view.readUInt32BE(0), offset: view.readDoubleBE(4), length: view.readUInt32BE(12) };
}

export function sameRef(a: BlobRef, b: BlobRef): boolean {
  return a.segment === b.segment && a.offset === b.offset && a.length === b.length;
}

export function segmentFileName(segment: number): string {
  return `${segment.toString(16).padStart(8, '0')}.blob`;
}

/** Segment numbers of the files in `directory`. */
export function segmentFilesIn(directory: string): number[] {
  return readdirSync(directory)
    .filter((name) => /^[0-9a-f]{8}\.blob$/.test(name))
    .map((name) => Number.parseInt(name.slice(0, 8), 16));
}

interface OpenSegment {
  segment: number;
  fd: number;
  /** Where the next value goes: taken when a write starts, so writes in flight never overlap. */
  end: number;
  /** Appends still writing to it: a filled segment's file is closed when the last one ends. */
  writing: number;
}

export class BlobFiles {
  private readonly readers = new Map<number, number>();
  private current: OpenSegment | undefined;
  /** Segments this writer filled, to be marked sealed by its next transaction. */
  private readonly filled: number[] = [];

  /**
   * @param register records a new segment before its file is created; false when the number is
   * taken already.
   */
  constructor(
    readonly directory: string,
    private readonly register: (segment: number) => boolean,
    private readonly segmentBytes = SEGMENT_BYTES,
  ) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  }

  /**
   * Appends the values to this writer's segment, syncs them to disk, and answers where each lies.
   * The writes run on libuv's threads, not the caller's.
   */
  async append(values: readonly Buffer[]): Promise<BlobRef[]> {
    const refs: BlobRef[] = [];
    const writes = new Map<OpenSegment, { start: number; buffers: Buffer[] }>();
    for (const value of values) {
      const target = this.segmentFor(value.length);
      refs.push({ segment: target.segment, offset: target.end, length: value.length });
      const write = writes.get(target) ?? { start: target.end, buffers: [] };
      write.buffers.push(value);
      writes.set(target, write);
      target.end += value.length;
    }
    await Promise.all(
      [...writes].map(async ([target, { start, buffers }]) => {
        target.writing++;
        try {
          await writeAll(target.fd, buffers, start);
          await fdatasyncAsync(target.fd);
        } finally {
          target.writing--;
          if (target.writing === 0 && target !== this.current) closeSync(target.fd);
        }
      }),
    );
    return refs;
  }

  /**
   * A copy of the value's bytes, or undefined when its segment file is gone. Each copy has memory
   * of its own, not a slice of Buffer's shared pool: a caller may keep a value for long (a search
   * index keeps tiles and items blobs), and a kept slice keeps its whole pool slab (64 KB on
   * Node 24) alive.
   */
  read(ref: BlobRef): Buffer | undefined {
    const fd = this.readerOf(ref.segment);
    if (fd === undefined) return undefined;
    const bytes = Buffer.allocUnsafeSlow(ref.length);
    let done = 0;
    while (done < ref.length) {
      const read = readSync(fd, bytes, done, ref.length - done, ref.offset + done);
      if (read === 0) throw shortSegment(ref);
      done += read;
    }
    return bytes;
  }

  /** As read, on libuv's threads: for moving values, which may read cold pages. */
  async readOffThread(ref: BlobRef): Promise<Buffer | undefined> {
    const fd = this.readerOf(ref.segment);
    if (fd === undefined) return undefined;
    const bytes = Buffer.allocUnsafeSlow(ref.length);
    let done = 0;
    while (done < ref.length) {
      const { bytesRead } = await readAsync(fd, bytes, done, ref.length - done, ref.offset + done);
      if (bytesRead === 0) throw shortSegment(ref);
      done += bytesRead;
    }
    return bytes;
  }

  /** Segments this writer filled since the last call, for its transaction to mark sealed. */
  takeFilled(): number[] {
    return this.filled.splice(0);
  }

  /** The segment this writer appends to now, if any: sealed when the writer closes. */
  get currentSegment(): number | undefined {
    return this.current?.segment;
  }

  /** Closes the descriptors of segments whose files were removed, so their disk space is freed. */
  closeRemoved(): void {
    for (const [segment, fd] of this.readers) {
      if (fstatSync(fd).nlink === 0) {
        closeSync(fd);
        this.readers.delete(segment);
      }
    }
  }

  remove(segment: number): void {
    const fd = this.readers.get(segment);
    if (fd !== undefined) closeSync(fd);
    this.readers.delete(segment);
    try {
      unlinkSync(path.join(this.directory, segmentFileName(segment)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  close(): void {
    for (const fd of this.readers.values()) closeSync(fd);
    this.readers.clear();
    if (this.current) closeSync(this.current.fd);
    this.current = undefined;
  }

  private segmentFor(length: number): OpenSegment {
    if (this.current && this.current.end > 0 && this.current.end + length > this.segmentBytes) {
      // Writes still in flight to it close it when they finish; none start there any more.
      this.filled.push(this.current.segment);
      this.current = undefined;
    }
    this.current ??= this.createSegment();
    return this.current;
  }

  private createSegment(): OpenSegment {
    for (;;) {
      const segment = randomInt(1, 2 ** 32 - 1);
      if (!this.register(segment)) continue;
      try {
        const fd = openSync(path.join(this.directory, segmentFileName(segment)), 'wx', 0o600);
        return { segment, fd, end: 0, writing: 0 };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  private readerOf(segment: number): number | undefined {
    let fd = this.readers.get(segment);
    if (fd !== undefined) return fd;
    try {
      fd = openSync(path.join(this.directory, segmentFileName(segment)), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    this.readers.set(segment, fd);
    return fd;
  }
}

function shortSegment(ref: BlobRef): Error {
  return new Error(`Cache segment ${segmentFileName(ref.segment)} ends before the ${ref.length} bytes at ${ref.offset}`);
}

/** writev, again for what a short write left. */
async function writeAll(fd: number, buffers: Buffer[], position: number): Promise<void> {
  let pending = buffers;
  let at = position;
  // writev takes at most IOV_MAX (1024) buffers at once.
  while (pending.length > 0) {
    const batch = pending.slice(0, 1024);
    const total = batch.reduce((sum, buffer) => sum + buffer.length, 0);
    const { bytesWritten: written } = await writevAsync(fd, batch, at);
    at += written;
    if (written === total) {
      pending = pending.slice(batch.length);
      continue;
    }
    let skip = written;
    let index = 0;
    while (skip >= batch[index]!.length) skip -= batch[index++]!.length;
    pending = [batch[index]!.subarray(skip), ...pending.slice(index + 1)];
  }
}
