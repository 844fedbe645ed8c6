/**
 * A data directory written before job records moved to the analytics store
 * (docs/decisions/0106-shared-job-state.md) keeps them as files: DATA_DIR/imports/{id}/
 * (manifest.json, run.json, rejects.jsonl), DATA_DIR/replays/{id}.json and
 * DATA_DIR/screenings/{id}/ (screening.json, rows.jsonl or rows.json, results.jsonl). The embedded
 * platform adopts them into the store at start, each record only where the store has none, then
 * moves the folders aside to DATA_DIR/adopted-job-files/, so its imports stay listed and
 * replayable and its users' screenings stay theirs.
 */
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { AnalyticsStore, Logger } from '@ust/platform';
import type { PortfolioRow, RejectedRow, ReplayRun } from '@ust/schemas';
import { readManifest, writeManifest, type ImportManifest } from './import-manifests.js';
import { importRejectsWriter } from './import-rejects.js';
import { readRunRecord, writeRunRecord, type RunRecord } from './import-runs.js';
import { readReplayRecord, writeReplayRecord } from './replay-runs.js';
import { appendResultLines, createScreening, readScreeningRecord, type StoredScreening } from './screenings.js';

const FOLDERS = ['imports', 'replays', 'screenings'] as const;
/** Where adopted folders are moved, kept for the operator to delete. */
export const ADOPTED_FOLDER = 'adopted-job-files';
/** Results appended per insert while adopting. */
const LINES_PER_INSERT = 5_000;

export interface AdoptedCounts {
  imports: number;
  replays: number;
  screenings: number;
}

/** Adopts what an earlier version left in `dataDir`; answers how many records of each kind the store took. */
export async function adoptLegacyJobFiles(dataDir: string, store: AnalyticsStore, log?: Logger): Promise<AdoptedCounts> {
  const counts: AdoptedCounts = { imports: 0, replays: 0, screenings: 0 };
  const present = (await Promise.all(FOLDERS.map(async (folder) => ((await entries(path.join(dataDir, folder))) ? folder : null)))).filter(
    (folder): folder is (typeof FOLDERS)[number] => folder !== null,
  );
  if (!present.length) return counts;
  for (const id of (await entries(path.join(dataDir, 'imports'))) ?? []) {
    if (await adoptImport(path.join(dataDir, 'imports', id), id, store)) counts.imports += 1;
  }
  for (const file of (await entries(path.join(dataDir, 'replays'))) ?? []) {
    const replay = await readJson<ReplayRun>(path.join(dataDir, 'replays', file));
    if (replay && !(await readReplayRecord(store, replay.id))) {
      await writeReplayRecord(store, replay);
      counts.replays += 1;
    }
  }
  for (const id of (await entries(path.join(dataDir, 'screenings'))) ?? []) {
    if (await adoptScreening(path.join(dataDir, 'screenings', id), id, store)) counts.screenings += 1;
  }
  const aside = path.join(dataDir, ADOPTED_FOLDER, new Date().toISOString().replace(/[:.]/g, '-'));
  await mkdir(aside, { recursive: true, mode: 0o700 });
  for (const folder of present) await rename(path.join(dataDir, folder), path.join(aside, folder));
  log?.info({ ...counts, moved_to: aside }, `job records of an earlier version adopted into the analytics store; their files are in ${aside}`);
  return counts;
}

async function adoptImport(directory: string, id: string, store: AnalyticsStore): Promise<boolean> {
  let adopted = false;
  const manifest = await readJson<ImportManifest>(path.join(directory, 'manifest.json'));
  if (manifest && !(await readManifest(store, id).catch(() => null))) {
    await writeManifest(store, manifest);
    const rejects = importRejectsWriter(store, id);
    for (const line of await jsonLines(path.join(directory, 'rejects.jsonl'))) await rejects.add(JSON.parse(line) as RejectedRow);
    await rejects.flush();
    adopted = true;
  }
  const run = await readJson<RunRecord>(path.join(directory, 'run.json'));
  if (run && !(await readRunRecord(store, id))) {
    await writeRunRecord(store, run);
    adopted = true;
  }
  return adopted;
}

async function adoptScreening(directory: string, id: string, store: AnalyticsStore): Promise<boolean> {
  const screening = await readJson<StoredScreening>(path.join(directory, 'screening.json'));
  if (!screening || (await readScreeningRecord(store, id))) return false;
  let rows = await jsonLines(path.join(directory, 'rows.jsonl'));
  // The earliest versions kept the rows as one JSON array.
  if (!rows.length) rows = ((await readJson<PortfolioRow[]>(path.join(directory, 'rows.json'))) ?? []).map((row) => JSON.stringify(row));
  await createScreening(store, screening, new TextEncoder().encode(rows.map((row) => `${row}\n`).join('')));
  const results = await jsonLines(path.join(directory, 'results.jsonl'));
  for (let from = 0; from < results.length; from += LINES_PER_INSERT) {
    await appendResultLines(store, screening, from, results.slice(from, from + LINES_PER_INSERT));
  }
  return true;
}

async function entries(directory: string): Promise<string[] | undefined> {
  try {
    return await readdir(directory);
  } catch {
    return undefined;
  }
}

async function readJson<Value>(file: string): Promise<Value | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Value;
  } catch {
    return undefined;
  }
}

/** The file's whole lines (a last line a stop cut short is left out); none for a missing file. */
async function jsonLines(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean);
}
