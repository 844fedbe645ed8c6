/**
 * The screenings queue's processor (JobNames.screenPortfolio): screens a saved screening's rows in
 * file order, appending each batch of results and its progress to the analytics store, so a
 * screening whose worker stopped (a restart, a crash, a new worker taking over) resumes after its
 * last saved row. A screening is screened against one dataset version: when another went live
 * since its rows were screened, it starts again against the live one.
 */
import {
  appendResultLines,
  countResults,
  enqueueScreening,
  SCREENING_ATTEMPTS,
  orderedSaver,
  readCurrentVersion,
  readPortfolioRows,
  readResultRows,
  readScreeningRecord,
  writeScreeningRecord,
  type Geocoder,
  type SearchIndex,
} from '@ust/read-model';
import type { ScreeningRun } from '@ust/schemas';
import { failpoint, FAILPOINTS, UnrecoverableError, type Logger, type Ports, type Processor } from '@ust/platform';
import { screenRow } from './screen-row.js';
import { turnsEvery } from '../event-loop-turns.js';

export interface ScreeningJobDeps {
  ports: Ports;
  log: Logger;
  geocoder: Geocoder;
  searchIndex: SearchIndex;
  /** True once the workers are stopping: a running screening saves what it has and yields, to resume at the next start. */
  stopping: () => boolean;
}

/** Results are appended and progress written at least this often, and every RESULTS_PER_WRITE rows. */
const WRITE_EVERY_MS = 500;
const RESULTS_PER_WRITE = 500;
/** Milliseconds of screening between turns of the event loop, so the process's other work (the embedded gateway's requests) is answered meanwhile. */
const SLICE_MS = 8;

/** Throws UnrecoverableError (no retry) for data no retry could fix. */
function screeningIdOf(data: unknown): string {
  const id = (data as { screening_id?: unknown } | null)?.screening_id;
  if (typeof id !== 'string' || id.trim() === '') throw new UnrecoverableError(`screening job data must name a screening_id, got ${JSON.stringify(data)}`);
  return id;
}

export function screeningProcessor(deps: ScreeningJobDeps): Processor {
  return async (job) => {
    const id = screeningIdOf(job.data);
    try {
      return await runScreening(deps, id);
    } catch (error) {
      // The last try (or none left): the record says why; the rows screened so far stay.
      if (error instanceof UnrecoverableError || job.attemptsMade + 1 >= SCREENING_ATTEMPTS) {
        await failScreening(deps.ports, id, error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  };
}

export async function runScreening(deps: ScreeningJobDeps, id: string): Promise<{ status: string }> {
  const { store } = deps.ports;
  const record = await readScreeningRecord(store, id);
  // Nothing to run will ever appear under this id: one try, not three.
  if (!record) throw new UnrecoverableError(`No screening ${id} to run`);
  // A failed screening's job retried from System Health resumes after its last saved row.
  if (record.status === 'done') return { status: record.status };
  const save = orderedSaver(record, (snapshot) => writeScreeningRecord(store, snapshot));
  try {
    const version = await readCurrentVersion(deps.ports.cache);
    if (version === null) throw new Error('No dataset has been built yet');
    // Results screened against another version are not this run's: it starts again from the first row.
    const resumedAt = record.dataset_version === version ? await countResults(store, record) : 0;
    const tally = await tallyOf(readResultRows(store, { id, dataset_version: version }), resumedAt);
    await save({
      status: 'running',
      failure: null,
      finished_at: null,
      runs: record.runs + 1,
      dataset_version: version,
      started_at: record.started_at ?? new Date().toISOString(),
      rows_done: resumedAt,
      ...tally,
    });

    const startedAt = performance.now();
    const total = record.rows_total;
    // Each result is kept as its JSON line until written: one flat string per row rather than
    // dozens of objects, which the collector would copy at each of its young-generation passes.
    let pending: string[] = [];
    let pendingFrom = resumedAt;
    let lastWrite = performance.now();
    const turn = turnsEvery(SLICE_MS);
    const flush = async (done: number) => {
      await appendResultLines(store, { id, dataset_version: version }, pendingFrom, pending);
      pending = [];
      pendingFrom = done;
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
    for await (const row of readPortfolioRows(store, id, resumedAt)) {
      const result = await screenRow({ geocoder: deps.geocoder, searchIndex: deps.searchIndex, version }, row);
      done += 1;
      tally[result.outcome] += 1;
      pending.push(JSON.stringify(result));
      if (pending.length >= RESULTS_PER_WRITE || performance.now() - lastWrite >= WRITE_EVERY_MS) {
        await flush(done);
        await failpoint(FAILPOINTS.screeningRunning, deps.log);
      }
      await turn();
      if (deps.stopping() && done < total) {
        // Still 'running' in its record; the job that resumes it waits in the queue for the next
        // worker (both queues keep it; were it lost, the start-up check queues one).
        await flush(done);
        await enqueueScreening(deps.ports.jobs, record).catch((error: unknown) =>
          deps.log.warn({ err: error, screening_id: id }, `screening ${id} could not be queued to resume; the next start-up check queues it`),
        );
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
async function failScreening(ports: Ports, id: string, reason: string): Promise<void> {
  const record = await readScreeningRecord(ports.store, id);
  if (record && record.status !== 'done')
    await writeScreeningRecord(ports.store, { ...record, status: 'failed', failure: reason, finished_at: new Date().toISOString() });
}

/** The outcomes of the first `rows` results saved. */
async function tallyOf(results: AsyncIterable<{ outcome: keyof Pick<ScreeningRun, 'matched' | 'screened' | 'not_located'> }>, rows: number) {
  const tally = { matched: 0, screened: 0, not_located: 0 };
  if (rows === 0) return tally;
  let counted = 0;
  for await (const result of results) {
    tally[result.outcome] += 1;
    if (++counted >= rows) break;
  }
  return tally;
}
