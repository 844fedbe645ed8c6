/**
 * The screenings queue's processor: screens a saved screening's rows in file order, appending
 * each batch of results to its file and its progress to its record, so a screening stopped by a
 * restart resumes after its last saved row. A screening is screened against one dataset version:
 * when another went live since its rows were screened, it starts again against the live one.
 */
import { readCurrentVersion, type SearchIndex } from '@ust/read-model';
import { SCREENINGS_QUEUE, ScreeningJobNames, type ScreeningRow, type ScreeningRun } from '@ust/schemas';
import { UnrecoverableError, type Logger, type Ports, type WorkerHandle } from '@ust/platform';
import type { Geocoder } from '../geocoding/index.js';
import { orderedSaver } from '../imports/record-writes.js';
import { screenRow } from './screen-row.js';
import {
  appendResultLines,
  clearResults,
  cutPartialResultsLine,
  listScreenings,
  readPortfolioRows,
  readResults,
  readScreeningRecord,
  writeScreeningRecord,
  type StoredScreening,
} from './screening-store.js';

export interface ScreeningJobDeps {
  ports: Ports;
  dataDir: string;
  log: Logger;
  geocoder: Geocoder;
  /** The index for a version about to be searched (fastify.searchIndex.of). */
  searchIndexOf: (version: number) => SearchIndex;
  /** True once the gateway is stopping: a running screening saves what it has and yields, to resume at the next start. */
  stopping: () => boolean;
}

/** Tries of a screening job: a cache or geocoder that is briefly away is tried again. */
const SCREENING_ATTEMPTS = 3;
/** Results are appended and progress written at least this often, and every RESULTS_PER_WRITE rows. */
const WRITE_EVERY_MS = 500;
const RESULTS_PER_WRITE = 500;
/** Milliseconds of screening between turns of the event loop, so other users' requests are answered meanwhile. */
const SLICE_MS = 8;

export function startScreeningJobs(deps: ScreeningJobDeps): Promise<WorkerHandle> {
  return deps.ports.jobs.process(
    SCREENINGS_QUEUE,
    {
      [ScreeningJobNames.screen]: async (job) => {
        const id = (job.data as { screening_id: string }).screening_id;
        try {
          return await runScreening(deps, id);
        } catch (error) {
          // The last try: the record says why; the rows screened so far stay.
          if (job.attemptsMade + 1 >= SCREENING_ATTEMPTS) await failScreening(deps.dataDir, id, error instanceof Error ? error.message : String(error));
          throw error;
        }
      },
    },
    // One screening at a time per gateway: each keeps the event loop busy between its slices.
    { concurrency: 1 },
  );
}

/**
 * Queues a screening's job. Its id names the screening and how many times its job has started,
 * so gateways starting together queue one job to resume it, and a queue that keeps finished jobs
 * (BullMQ) still takes the job that resumes an interrupted one.
 */
export function enqueueScreening(jobs: Ports['jobs'], screening: StoredScreening) {
  return jobs.enqueue(
    SCREENINGS_QUEUE,
    ScreeningJobNames.screen,
    { screening_id: screening.id },
    { jobId: screening.runs === 0 ? screening.id : `${screening.id}-resume-${screening.runs}`, attempts: SCREENING_ATTEMPTS, backoffMs: 2_000 },
  );
}

/** Queues again every screening a stop left queued or running (the embedded queue forgets its jobs). */
export async function resumeScreenings(deps: Pick<ScreeningJobDeps, 'ports' | 'dataDir' | 'log'>): Promise<number> {
  const unfinished = (await listScreenings(deps.dataDir)).filter((screening) => screening.status === 'queued' || screening.status === 'running');
  // Oldest first, as they were queued.
  for (const screening of unfinished.reverse()) await enqueueScreening(deps.ports.jobs, screening);
  if (unfinished.length)
    deps.log.info({ screenings: unfinished.map((screening) => screening.id) }, `${unfinished.length} unfinished screening(s) queued again`);
  return unfinished.length;
}

export async function runScreening(deps: ScreeningJobDeps, id: string): Promise<{ status: string }> {
  const record = await readScreeningRecord(deps.dataDir, id);
  // Nothing to run will ever appear under this id: one try, not three.
  if (!record) throw new UnrecoverableError(`No screening ${id} to run`);
  // A failed screening's job retried from System Health resumes after its last saved row.
  if (record.status === 'done') return { status: record.status };
  const save = orderedSaver(record, (snapshot) => writeScreeningRecord(deps.dataDir, snapshot));
  try {
    const version = await readCurrentVersion(deps.ports.cache);
    if (version === null) throw new Error('No dataset has been built yet');
    await cutPartialResultsLine(deps.dataDir, id);
    let results = await readResults(deps.dataDir, id);
    if (results.length && record.dataset_version !== version) {
      await clearResults(deps.dataDir, id);
      results = [];
    }
    const tally = tallyOf(results);
    await save({
      status: 'running',
      failure: null,
      finished_at: null,
      runs: record.runs + 1,
      dataset_version: version,
      started_at: record.started_at ?? new Date().toISOString(),
      rows_done: results.length,
      ...tally,
    });

    const searchIndex = deps.searchIndexOf(version);
    const startedAt = performance.now();
    const resumedAt = results.length;
    const total = record.rows_total;
    // Each result is kept as its JSON line until written: one flat string per row rather than
    // dozens of objects, which the collector would copy at each of its young-generation passes.
    let pending: string[] = [];
    let lastWrite = performance.now();
    let sliceStarted = performance.now();
    const flush = async (done: number) => {
      await appendResultLines(deps.dataDir, id, pending);
      pending = [];
      lastWrite = performance.now();
      const seconds = (lastWrite - startedAt) / 1000;
      const rate = seconds > 0 ? (done - resumedAt) / seconds : 0;
      await save({
        rows_done: done,
        rows_per_second: Math.round(rate * 10) / 10,
        eta_seconds: rate > 0 ? Math.ceil((total - done) / rate) : null,
        ...tally,
      });
    };
    let done = resumedAt;
    for await (const row of readPortfolioRows(deps.dataDir, id, resumedAt)) {
      const result = await screenRow({ geocoder: deps.geocoder, searchIndex, version }, row);
      done += 1;
      tally[result.outcome] += 1;
      pending.push(JSON.stringify(result));
      if (pending.length >= RESULTS_PER_WRITE || performance.now() - lastWrite >= WRITE_EVERY_MS) await flush(done);
      if (performance.now() - sliceStarted >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
      }
      if (deps.stopping() && done < total) {
        // Still 'running' in its record: the next start queues it again (resumeScreenings).
        await flush(done);
        deps.log.info({ screening_id: id, rows_done: done }, `screening ${id} paused for the stop at row ${done} of ${total}`);
        return { status: 'paused' };
      }
    }
    await flush(total);
    await save({ status: 'done', eta_seconds: 0, finished_at: new Date().toISOString() });
    deps.log.info({ screening_id: id, rows: total, ...tally, dataset_version: version }, `screening ${id} done: ${total} rows`);
    return { status: 'done' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, screening_id: id }, `screening ${id} stopped: ${reason}`);
    await save({ failure: reason });
    throw error;
  }
}

/** Marks a screening failed once its job has no try left. */
async function failScreening(dataDir: string, id: string, reason: string): Promise<void> {
  const record = await readScreeningRecord(dataDir, id);
  if (record && record.status !== 'done')
    await writeScreeningRecord(dataDir, { ...record, status: 'failed', failure: reason, finished_at: new Date().toISOString() });
}

function tallyOf(results: readonly ScreeningRow[]): Pick<ScreeningRun, 'matched' | 'screened' | 'not_located'> {
  const tally = { matched: 0, screened: 0, not_located: 0 };
  for (const result of results) tally[result.outcome] += 1;
  return tally;
}
