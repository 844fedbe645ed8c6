/**
 * Where a screening lives: DATA_DIR/screenings/{id}/ holds its record (status and progress,
 * read by the API), the rows read from the uploaded file and the results screened so far, each
 * one JSON line per row in file order. A job that stops halfway (a restart, a crash) resumes after
 * the last whole line, so nothing is kept only in memory. Rows and results are read line by line
 * as they are used (json-lines.ts), so thousands of them never stop the event loop at once.
 * Readers take whole lines and never write: the job may be appending while they read.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFile, mkdir, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScreeningRow, ScreeningRun } from '@ust/schemas';
import { jsonLineBatches, jsonLineValues } from './json-lines.js';
import type { PortfolioRow } from './portfolio-csv.js';

const screeningsRoot = (dataDir: string) => path.join(dataDir, 'screenings');
const directoryOf = (dataDir: string, id: string) => path.join(screeningsRoot(dataDir), id);
const recordFile = (dataDir: string, id: string) => path.join(directoryOf(dataDir, id), 'screening.json');
const rowsFile = (dataDir: string, id: string) => path.join(directoryOf(dataDir, id), 'rows.jsonl');
/** Where a screening saved by an earlier version keeps its rows: one JSON array. */
const rowsArrayFile = (dataDir: string, id: string) => path.join(directoryOf(dataDir, id), 'rows.json');
const resultsFile = (dataDir: string, id: string) => path.join(directoryOf(dataDir, id), 'results.jsonl');

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

/**
 * Saves a new screening: its rows (as JSON lines, the way readPortfolio returns them), then its
 * record (a record always has its rows).
 */
export async function createScreening(dataDir: string, record: StoredScreening, rowsJsonLines: Uint8Array): Promise<void> {
  await mkdir(directoryOf(dataDir, record.id), { recursive: true });
  await writeFile(rowsFile(dataDir, record.id), rowsJsonLines);
  await writeScreeningRecord(dataDir, record);
}

export async function writeScreeningRecord(dataDir: string, record: StoredScreening): Promise<void> {
  const file = recordFile(dataDir, record.id);
  // Written aside and renamed, so a reader never sees half a record.
  const aside = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(aside, JSON.stringify(record));
  await rename(aside, file);
}

export async function readScreeningRecord(dataDir: string, id: string): Promise<StoredScreening | null> {
  try {
    return JSON.parse(await readFile(recordFile(dataDir, id), 'utf8')) as StoredScreening;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every screening, newest first. */
export async function listScreenings(dataDir: string): Promise<StoredScreening[]> {
  let ids: string[];
  try {
    ids = await readdir(screeningsRoot(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const records = await Promise.all(ids.map((id) => readScreeningRecord(dataDir, id)));
  return records.filter((record): record is StoredScreening => record !== null).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The rows of a screening's file from the row at index `from` on, read as they are asked for. */
export async function* readPortfolioRows(dataDir: string, id: string, from = 0): AsyncGenerator<PortfolioRow> {
  let index = 0;
  for await (const lines of jsonLineBatches(rowsFile(dataDir, id))) {
    for (const line of lines) if (index++ >= from) yield JSON.parse(line) as PortfolioRow;
  }
  if (index === 0) yield* (await readRowsArray(dataDir, id)).slice(from);
}

async function readRowsArray(dataDir: string, id: string): Promise<PortfolioRow[]> {
  try {
    return JSON.parse(await readFile(rowsArrayFile(dataDir, id), 'utf8')) as PortfolioRow[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function appendResults(dataDir: string, id: string, rows: readonly ScreeningRow[]): Promise<void> {
  await appendResultLines(
    dataDir,
    id,
    rows.map((row) => JSON.stringify(row)),
  );
}

/** Appends results already serialized, one ScreeningRow's JSON each. */
export async function appendResultLines(dataDir: string, id: string, lines: readonly string[]): Promise<void> {
  if (lines.length) await appendFile(resultsFile(dataDir, id), lines.map((line) => `${line}\n`).join(''));
}

async function readResultsFile(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Bytes up to the end of the last whole line. */
const wholeLinesLength = (bytes: Buffer) => bytes.lastIndexOf(0x0a) + 1;

/**
 * The results written so far, in file order: whole lines only. A last line without its newline
 * is being appended, or was cut short by a stop mid-write; either way it is not read, and the
 * file is left as it is, since the job may be appending to it now.
 */
export async function readResults(dataDir: string, id: string): Promise<ScreeningRow[]> {
  const bytes = await readResultsFile(resultsFile(dataDir, id));
  if (!bytes) return [];
  return bytes
    .subarray(0, wholeLinesLength(bytes))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ScreeningRow);
}

/**
 * Cuts off a last line a stop left half-written, so the job resuming the screening appends its
 * rows after whole lines and starts again with that row. Only that job calls it, before it
 * appends: nothing else writes the file then.
 */
export async function cutPartialResultsLine(dataDir: string, id: string): Promise<void> {
  const file = resultsFile(dataDir, id);
  const bytes = await readResultsFile(file);
  if (bytes && wholeLinesLength(bytes) < bytes.length) await truncate(file, wholeLinesLength(bytes));
}

/** The whole lines of the results file (each a ScreeningRow's JSON) in batches, as read. */
export function readResultLines(dataDir: string, id: string): AsyncGenerator<string[]> {
  return jsonLineBatches(resultsFile(dataDir, id));
}

/** The results written so far, one at a time as read. */
export function readResultRows(dataDir: string, id: string): AsyncGenerator<ScreeningRow> {
  return jsonLineValues<ScreeningRow>(resultsFile(dataDir, id));
}

/** Starts the results again (the dataset went live in a newer version since they were screened). */
export async function clearResults(dataDir: string, id: string): Promise<void> {
  await rm(resultsFile(dataDir, id), { force: true });
}
