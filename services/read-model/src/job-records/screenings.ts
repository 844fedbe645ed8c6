/**
 * Where a screening lives (docs/decisions/0106-shared-job-state.md): its record (status and
 * progress, read by the API) in job_records, the rows read from the uploaded file in
 * screening_rows and the results screened so far in screening_results, one JSON line per row
 * with its index in the file. The job appends results in batches, each one insert, so a job that
 * stops halfway (a restart, a crash, another worker taking over) resumes after the last saved
 * batch, and a result written twice is collapsed by the table. Results are read in pages, so
 * thousands of them never stop the event loop at once.
 */
import { randomBytes } from 'node:crypto';
import type { AnalyticsStore, JobQueue } from '@ust/platform';
import { JobNames, JobQueueOf, type PortfolioRow, type ScreeningRow, type ScreeningRun } from '@ust/schemas';
import { recordTable } from './record-table.js';

/** Rows or results per query when they are read. */
const LINES_PER_READ = 2_000;
/** Rows per insert when a screening is saved. */
const ROWS_PER_INSERT = 5_000;

/** 'scr-20261127T101500-1a2b3c4d': sorts by creation, and cannot be guessed from another's. */
export function newScreeningId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  return `scr-${stamp}-${randomBytes(6).toString('hex')}`;
}

/** A screening as kept: what the API shows, and how many times its job has started (it names the job that resumes it). */
export interface StoredScreening extends ScreeningRun {
  runs: number;
}

export function queuedScreening(id: string, fileName: string, owner: { userId: string; email: string | null }, rowsTotal: number): StoredScreening {
  return {
    runs: 0,
    id,
    file_name: fileName,
    owner_id: owner.userId,
    owner_email: owner.email,
    status: 'queued',
    failure: null,
    rows_total: rowsTotal,
    rows_done: 0,
    rows_per_second: 0,
    eta_seconds: null,
    matched: 0,
    screened: 0,
    not_located: 0,
    dataset_version: null,
    created_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
  };
}

const screenings = (store: AnalyticsStore) => recordTable<StoredScreening>(store, 'screening');

/** The non-empty lines of JSON-lines bytes. */
function linesOf(jsonLines: Uint8Array | string): string[] {
  const text = typeof jsonLines === 'string' ? jsonLines : Buffer.from(jsonLines.buffer, jsonLines.byteOffset, jsonLines.byteLength).toString('utf8');
  return text.split('\n').filter((line) => line !== '');
}

/**
 * Saves a new screening: its rows (as JSON lines, the way readPortfolio returns them), then its
 * record (a record always has its rows).
 */
export async function createScreening(store: AnalyticsStore, record: StoredScreening, rowsJsonLines: Uint8Array): Promise<void> {
  const lines = linesOf(rowsJsonLines);
  for (let from = 0; from < lines.length; from += ROWS_PER_INSERT) {
    const batch = lines.slice(from, from + ROWS_PER_INSERT).map((row, offset) => JSON.stringify({ screening_id: record.id, row_index: from + offset, row }));
    await store.insertJsonRows('screening_rows', batch);
  }
  await writeScreeningRecord(store, record);
}

export function writeScreeningRecord(store: AnalyticsStore, record: StoredScreening): Promise<void> {
  return screenings(store).put(record.id, record);
}

export function readScreeningRecord(store: AnalyticsStore, id: string): Promise<StoredScreening | null> {
  return screenings(store).get(id);
}

/** Every screening, newest first. */
export async function listScreenings(store: AnalyticsStore): Promise<StoredScreening[]> {
  return (await screenings(store).list()).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Pages of `column` of a screening's table, in file order from row `from` on. */
async function* linePages(
  store: AnalyticsStore,
  table: 'screening_rows' | 'screening_results',
  column: 'row' | 'result',
  where: string,
  params: Record<string, unknown>,
  from: number,
): AsyncGenerator<string[]> {
  for (let start = from; ; start += LINES_PER_READ) {
    const rows = await store.query<{ line: string }>(
      `SELECT ${column} AS line FROM ${table} FINAL
       WHERE ${where} AND row_index >= {from:UInt32} AND row_index < {to:UInt32}
       ORDER BY row_index`,
      { ...params, from: start, to: start + LINES_PER_READ },
    );
    if (rows.length) yield rows.map((row) => row.line);
    if (rows.length < LINES_PER_READ) return;
  }
}

/** The rows of a screening's file from the row at index `from` on, read as they are asked for. */
export async function* readPortfolioRows(store: AnalyticsStore, id: string, from = 0): AsyncGenerator<PortfolioRow> {
  for await (const lines of linePages(store, 'screening_rows', 'row', 'screening_id = {id:String}', { id }, from)) {
    for (const line of lines) yield JSON.parse(line) as PortfolioRow;
  }
}

/** The screening's results as screened against `screening.dataset_version` (none before it started). */
const resultsWhere = 'screening_id = {id:String} AND dataset_version = {version:UInt64}';
const resultsParams = (screening: Pick<ScreeningRun, 'id' | 'dataset_version'>) => ({ id: screening.id, version: screening.dataset_version ?? 0 });

/** Appends results already serialized (one ScreeningRow's JSON each), the first being row `fromRow` of the file. */
export async function appendResultLines(
  store: AnalyticsStore,
  screening: Pick<ScreeningRun, 'id' | 'dataset_version'>,
  fromRow: number,
  lines: readonly string[],
): Promise<void> {
  if (!lines.length) return;
  const version = screening.dataset_version ?? 0;
  await store.insertJsonRows(
    'screening_results',
    lines.map((result, offset) => JSON.stringify({ screening_id: screening.id, dataset_version: version, row_index: fromRow + offset, result })),
  );
}

/** How many rows have a saved result against the screening's dataset version: where its job resumes. */
export async function countResults(store: AnalyticsStore, screening: Pick<ScreeningRun, 'id' | 'dataset_version'>): Promise<number> {
  const rows = await store.query<{ saved: string | number }>(
    `SELECT uniqExact(row_index) AS saved FROM screening_results WHERE ${resultsWhere}`,
    resultsParams(screening),
  );
  return Number(rows[0]?.saved ?? 0);
}

/** The results saved so far, in file order, as JSON lines in pages. */
export function readResultLines(store: AnalyticsStore, screening: Pick<ScreeningRun, 'id' | 'dataset_version'>): AsyncGenerator<string[]> {
  return linePages(store, 'screening_results', 'result', resultsWhere, resultsParams(screening), 0);
}

/** The results saved so far, one at a time as read. */
export async function* readResultRows(store: AnalyticsStore, screening: Pick<ScreeningRun, 'id' | 'dataset_version'>): AsyncGenerator<ScreeningRow> {
  for await (const lines of readResultLines(store, screening)) for (const line of lines) yield JSON.parse(line) as ScreeningRow;
}

/** Every result saved so far, in file order. */
export async function readResults(store: AnalyticsStore, screening: Pick<ScreeningRun, 'id' | 'dataset_version'>): Promise<ScreeningRow[]> {
  const results: ScreeningRow[] = [];
  for await (const row of readResultRows(store, screening)) results.push(row);
  return results;
}

/** Tries of a screening job: a cache or geocoder that is briefly away is tried again. */
export const SCREENING_ATTEMPTS = 3;

/**
 * Queues a screening's job. Its id names the screening and how many times its job has started,
 * so workers starting together queue one job to resume it, and a queue that keeps finished jobs
 * (BullMQ) still takes the job that resumes an interrupted one.
 */
export function enqueueScreening(
  jobs: JobQueue,
  screening: StoredScreening,
  jobId = screening.runs === 0 ? screening.id : `${screening.id}-resume-${screening.runs}`,
) {
  return jobs.enqueue(
    JobQueueOf[JobNames.screenPortfolio],
    JobNames.screenPortfolio,
    { screening_id: screening.id },
    { jobId, attempts: SCREENING_ATTEMPTS, backoffMs: 2_000 },
  );
}
