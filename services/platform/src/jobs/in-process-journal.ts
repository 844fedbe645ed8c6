/**
 * Where the embedded JobQueue keeps its jobs so that they outlive the process, as BullMQ keeps
 * them in Redis: one JSON file per job under `<directory>/<queue>/`, replaced whole at each
 * change of the job (write beside, then rename), so a process killed mid-write leaves the job's
 * previous state, never half of one. Writes of one job land in the order they were asked for.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirectorySync, writePrivateFile } from '../files/private-files.js';
import type { JobStatus } from '../ports/job-queue.js';

/** A job as its file holds it. */
export interface JournalRecord {
  id: string;
  name: string;
  dataJson: string;
  attempts: number;
  backoffMs: number;
  status: JobStatus;
  attemptsMade: number;
  stalledCount: number;
  /** Place in the queue: enqueue order, so waiting jobs restart in the order they came. */
  order: number;
  returnValue?: unknown;
  failedReason?: string;
  /** When a delayed job becomes waiting, in epoch milliseconds. */
  availableAt?: number;
  /** Who runs an active job ("<pid>:<random>") and until when its lock holds, in epoch milliseconds. */
  lockOwner?: string;
  lockExpiresAt?: number;
  settledAt?: number;
}

const fileName = (id: string) => `${createHash('sha256').update(id).digest('hex').slice(0, 40)}.json`;

export class JobJournal {
  /** The last write (or removal) asked for per job file, so the next one starts after it. */
  private readonly pending = new Map<string, Promise<void>>();

  /** @param onUnreadable told of a job file that cannot be read back (it is skipped) */
  constructor(
    readonly directory: string,
    private readonly onUnreadable: (error: unknown, queue: string, file: string) => void,
  ) {}

  private queueDirectory(queue: string): string {
    return path.join(this.directory, encodeURIComponent(queue));
  }

  /** Every job kept for `queue`, in enqueue order; a file that cannot be read is reported and skipped. */
  load(queue: string): JournalRecord[] {
    const directory = this.queueDirectory(queue);
    ensurePrivateDirectorySync(directory);
    const records: JournalRecord[] = [];
    for (const entry of readdirSync(directory)) {
      if (!entry.endsWith('.json')) continue; // a write cut off before its rename leaves a .tmp
      try {
        records.push(JSON.parse(readFileSync(path.join(directory, entry), 'utf8')) as JournalRecord);
      } catch (error) {
        this.onUnreadable(error, queue, entry);
      }
    }
    return records.sort((a, b) => a.order - b.order);
  }

  /** Writes the job as it is now; resolves once it is on disk, rejects when it could not be written. */
  write(queue: string, record: JournalRecord): Promise<void> {
    const content = JSON.stringify(record);
    return this.chain(queue, record.id, (file) => writePrivateFile(file, content));
  }

  remove(queue: string, id: string): Promise<void> {
    return this.chain(queue, id, (file) => rm(file, { force: true }));
  }

  /** Resolves once every write asked for so far is done. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending.values());
  }

  private chain(queue: string, id: string, step: (file: string) => Promise<void>): Promise<void> {
    const file = path.join(this.queueDirectory(queue), fileName(id));
    const previous = this.pending.get(file) ?? Promise.resolve();
    const written = previous.then(() => step(file));
    // The next write of the job waits for this one, whatever its outcome; the caller hears of a failure.
    const settled = written.catch(() => undefined);
    this.pending.set(file, settled);
    void settled.then(() => {
      if (this.pending.get(file) === settled) this.pending.delete(file);
    });
    return written;
  }
}
