/**
 * Collects rows from many small `write` calls into one insert: a batch closes when it holds
 * `maxRows` rows or `maxWaitMs` after its first row, whichever comes first (docs/architecture.md
 * section 9). Telemetry arrives as many small messages; one insert per delivery would make
 * ClickHouse create (and then merge) a part per handful of rows.
 *
 * A `write` resolves only after the insert holding its rows was accepted, and rejects when that
 * insert failed, so a consumer that awaits it still commits offsets only after ClickHouse
 * accepted its rows, and redelivers them otherwise. Callers must not hold a lock the flush needs:
 * the flush depends on nothing but the timer and the insert, so a waiting caller cannot deadlock.
 */
export interface BatchWriterOptions<Row> {
  /** Writes one closed batch; resolving means the store accepted every row of it. */
  flush(rows: Row[]): Promise<void>;
  /**
   * A batch closes as soon as it holds at least this many rows. A single `write` is never split,
   * so a batch can exceed it by less than one call's rows.
   * @defaultValue 5000
   */
  maxRows?: number;
  /** A batch closes this long after its first row, however few rows it holds. @defaultValue 500 */
  maxWaitMs?: number;
}

export const DEFAULT_BATCH_ROWS = 5_000;
export const DEFAULT_BATCH_WAIT_MS = 500;

interface OpenBatch<Row> {
  rows: Row[];
  written: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

export class BatchWriter<Row> {
  readonly maxRows: number;
  readonly maxWaitMs: number;
  private open: OpenBatch<Row> | undefined;
  /** The previous flush: flushes run one at a time, in the order their batches closed. */
  private previous: Promise<void> = Promise.resolve();

  constructor(private readonly options: BatchWriterOptions<Row>) {
    this.maxRows = options.maxRows ?? DEFAULT_BATCH_ROWS;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_BATCH_WAIT_MS;
    if (!(this.maxRows >= 1) || !(this.maxWaitMs >= 0)) throw new Error('BatchWriter needs maxRows >= 1 and maxWaitMs >= 0');
  }

  /** Rows waiting in the open batch. */
  get pendingRows(): number {
    return this.open?.rows.length ?? 0;
  }

  /** Adds rows to the open batch; settles when the insert holding them succeeded or failed. */
  write(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    const batch = (this.open ??= this.openBatch());
    for (const row of rows) batch.rows.push(row);
    if (batch.rows.length >= this.maxRows) this.close(batch);
    return batch.written;
  }

  /** Closes the open batch now (e.g. at shutdown) and resolves when every started flush is done. */
  async flushNow(): Promise<void> {
    if (this.open) this.close(this.open);
    await this.previous;
  }

  private openBatch(): OpenBatch<Row> {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const written = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const batch: OpenBatch<Row> = { rows: [], written, resolve, reject, timer: undefined as unknown as NodeJS.Timeout };
    // Not unref'd: a caller is waiting on this batch, so the process must live until it is written.
    batch.timer = setTimeout(() => this.close(batch), this.maxWaitMs);
    return batch;
  }

  private close(batch: OpenBatch<Row>): void {
    if (this.open !== batch) return;
    this.open = undefined;
    clearTimeout(batch.timer);
    const flushed = this.previous.then(() => this.options.flush(batch.rows));
    // A failed flush fails only its own batch; the next one is still attempted.
    this.previous = flushed.catch(() => {});
    flushed.then(batch.resolve, batch.reject);
  }
}
