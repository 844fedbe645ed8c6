/**
 * `pnpm start`'s process killed (SIGKILL to its group) in each step of an import, a replay and a
 * screening, then started again on the same data directory: each run reaches live or done, its
 * attempts say where the crash cut it off, System Health lists what was taken back, and the
 * dataset tables hold exactly what an uninterrupted replay of every import writes. Run once per
 * JobQueue adapter (crash-recovery.*.integration.test.ts).
 *
 * A failpoint (UST_FAILPOINTS_FILE, @ust/platform failpoints.ts) parks the run in the step under
 * test, so the kill lands in that step and not wherever a race puts it; the test arms it for the
 * run it starts, and disarms it before the restart that must recover the run.
 */
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';
import { FAILPOINTS, findFreePort, type Failpoint } from '@ust/platform';
import type { FacilityStatistics, ImportRun, ImportsResponse, ReplayRun, ScreeningRun, SystemHealth } from '@ust/schemas';
import { datasetChecksumsOf } from '../testing/dataset-checksums.js';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth, type StandaloneProcess } from '../testing/standalone-process.js';

const START_TIMEOUT_MS = 120_000;
const SETTLE_TIMEOUT_MS = 180_000;
/** Three small states, so each import's rows are its own. */
const STATES = ['IA', 'IL', 'VT'] as const;
const SCREENING_ROWS = 1_500;

interface Platform {
  server: StandaloneProcess;
  /** Milliseconds from spawn to /health of each start. */
  starts: number[];
}

export function describeCrashRecovery(adapter: 'in-process' | 'bullmq', adapterEnv: () => Record<string, string>): void {
  let running: StandaloneProcess | undefined;
  // A failed step leaves no platform running behind it.
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) await stopStandalone(running, 'SIGKILL to the group');
  });

  it(`recovers an import, a replay and a screening killed in each of their steps (${adapter} job queue)`, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `ust-crash-${adapter}-`));
    const failpoints = path.join(await mkdtemp(path.join(os.tmpdir(), 'ust-failpoints-')), 'armed');
    for (const state of STATES) await cp(path.join(FIXTURES_DIRECTORY, 'epa-template', state), path.join(dataDir, 'inbox', state), { recursive: true });
    const port = await findFreePort();
    // A short lock, so a killed run is taken back within seconds; not shorter than 5 s: the live
    // platform renews it every half lock, and on two cores shared with the rest of the suite a
    // renewal came more than a second late often enough that BullMQ took a live rebuild for a dead one.
    const env = { DEMO_SCALE: 'none', UST_FAILPOINTS_FILE: failpoints, JOB_LOCK_MS: '5000', ...adapterEnv() };
    const platform: Platform = { server: (running = spawnStandalone({ dataDir, port, env })), starts: [] };
    const start = async () => {
      platform.server = running = spawnStandalone({ dataDir, port, env });
      platform.starts.push(await waitForHealth(platform.server, START_TIMEOUT_MS));
    };
    platform.starts.push(await waitForHealth(platform.server, START_TIMEOUT_MS));
    const token = await demoAccessToken(platform.server, dataDir, 'admin');
    const api = async <T>(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const response = await fetch(`${platform.server.url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    };
    const importRun = async (id: string) => (await api<ImportsResponse>('GET', '/api/admin/imports')).imports.find((run) => run.id === id);

    /** Arms `point`, starts a run, kills the platform once the run is parked there, and starts it again. */
    const killIn = async <Run>(point: Failpoint, begin: () => Promise<string>, read: (id: string) => Promise<Run | undefined>) => {
      await writeFile(failpoints, `${point}\n`);
      const id = await begin();
      await until(`${id} parked at ${point}`, async () => platform.server.output().includes(`failpoint ${point} reached`));
      const parked = await read(id);
      await stopStandalone(platform.server, 'SIGKILL to the group');
      await writeFile(failpoints, '');
      await start();
      return { id, parked };
    };
    const settledImport = (id: string) =>
      settled(
        `import ${id}`,
        () => importRun(id),
        (run) => run?.status === 'live' || run?.status === 'failed',
      );

    // An import, killed in each of its steps.
    const steps: Array<[(typeof STATES)[number], Failpoint, ImportRun['status']]> = [
      ['IA', FAILPOINTS.importReading, 'reading'],
      ['IL', FAILPOINTS.importWritten, 'written'],
      ['VT', FAILPOINTS.rebuilding, 'rebuilding'],
    ];
    const imports: Record<string, string> = {};
    for (const [state, point, step] of steps) {
      const { id, parked } = await killIn(point, async () => (await api<{ id: string }>('POST', '/api/admin/imports', { folder: state })).id, importRun);
      imports[state] = id;
      expect(parked?.status, `${state} parked at ${point}`).toBe(step);
      const run = await settledImport(id);
      expect({ state, status: run?.status, failure: run?.failure }).toEqual({ state, status: 'live', failure: null });
      expect(run?.states).toContain(state);
      expect(run?.attempts.map((attempt) => [attempt.step, attempt.outcome])).toEqual([
        [step, 'cut off'],
        ['live', 'live'],
      ]);
      expect(run?.accepted).toBeGreaterThan(0);
    }

    // A replay of each, killed in each step.
    for (const [state, point, step] of steps) {
      const id = imports[state]!;
      const { parked } = await killIn(point, async () => (await api<{ id: string }>('POST', `/api/admin/imports/${id}/replay`)).id, importRun);
      expect(parked?.status, `replay of ${state} parked at ${point}`).toBe(step);
      const run = await settledImport(id);
      expect({ state, status: run?.status, failure: run?.failure }).toEqual({ state, status: 'live', failure: null });
      expect(run?.attempts.map((attempt) => attempt.outcome)).toEqual(['cut off', 'live']);
    }

    // A screening, killed after its first saved batch.
    const book = screeningFile();
    const screen = async () => (await api<{ id: string }>('POST', '/api/screenings', book.body, { 'content-type': book.contentType })).id;
    const screeningOf = (id: string) => api<ScreeningRun>('GET', `/api/screenings/${id}`);
    const cut = await killIn(FAILPOINTS.screeningRunning, screen, screeningOf);
    expect(cut.parked?.status).toBe('running');
    expect(cut.parked?.rows_done).toBeLessThan(SCREENING_ROWS);
    const resumed = await settled(
      `screening ${cut.id}`,
      () => screeningOf(cut.id),
      (run) => run.status === 'done' || run.status === 'failed',
    );
    expect(resumed).toMatchObject({ status: 'done', rows_done: SCREENING_ROWS, rows_total: SCREENING_ROWS, failure: null });
    // The same file screened without a crash gives the same rows.
    const whole = await screen();
    await settled(
      `screening ${whole}`,
      () => screeningOf(whole),
      (run) => run.status === 'done',
    );
    const rowsOf = async (id: string) => (await api<{ rows: unknown[] }>('GET', `/api/screenings/${id}/rows`)).rows;
    expect(await rowsOf(cut.id)).toEqual(await rowsOf(whole));

    // System Health says what was taken back after the kills.
    const health = await api<SystemHealth>('GET', '/api/admin/health');
    expect(health.recoveries.error).toBeNull();
    const recovered = health.recoveries.latest.map((recovery) => `${recovery.kind}: ${recovery.subject}`);
    for (const id of Object.values(imports))
      expect(recovered, `a recovery of import ${id}`).toContainEqual(expect.stringMatching(new RegExp(`^taken back: (run|replay)-import ${id}$`)));
    expect(recovered).toContain(`taken back: screen-portfolio ${cut.id}`);

    // The tables as the crashes left them, then after an uninterrupted replay of every import: the same.
    const statistics = await api<FacilityStatistics>('GET', '/api/facilities-statistics');
    const runs = (await api<ImportsResponse>('GET', '/api/admin/imports')).imports;
    const accepted = runs.reduce((sum, run) => sum + run.accepted, 0);
    await stopStandalone(platform.server, 'SIGTERM to the group');
    const afterCrashes = datasetChecksumsOf(dataDir);
    // Each state once: every row an import accepted is there, and nothing else.
    expect(afterCrashes.reduce((sum, table) => sum + table.rows, 0)).toBe(accepted);
    expect(afterCrashes.find((table) => table.table === 'facilities')?.rows).toBe(statistics.total_facilities);
    await start();
    const replayAll = (await api<{ id: string }>('POST', '/api/admin/replay')).id;
    const replayed = await settled(
      `replay ${replayAll}`,
      () => api<ReplayRun>('GET', `/api/admin/replay/${replayAll}`),
      (run) => run.status === 'live' || run.status === 'failed',
    );
    expect(replayed).toMatchObject({ status: 'live', imports_replayed: STATES.length });
    await stopStandalone(platform.server, 'SIGTERM to the group');
    expect(datasetChecksumsOf(dataDir)).toEqual(afterCrashes);
    process.stdout.write(`crash recovery (${adapter}): starts to /health ${platform.starts.map((ms) => Math.round(ms)).join(', ')} ms\n`);
  }, 900_000);
}

/** A portfolio of SCREENING_ROWS points around Des Moines, as a multipart upload. */
function screeningFile(): { body: string; contentType: string } {
  const lines = ['ref,latitude,longitude'];
  for (let index = 0; index < SCREENING_ROWS; index++)
    lines.push(`R-${index},${(41.55 + (index % 37) * 0.004).toFixed(4)},${(-93.65 + (index % 41) * 0.004).toFixed(4)}`);
  const boundary = 'crash-recovery-boundary';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\r\n')}\r\n--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  await settled(what, check, (done) => done, timeoutMs);
}

/** Polls `read` until `done` holds for what it read; answers that. */
async function settled<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = SETTLE_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await read();
    if (done(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last read: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
