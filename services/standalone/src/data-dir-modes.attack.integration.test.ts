/**
 * Another user of the machine reading DATA_DIR: customers' portfolios (screenings), uploaded
 * and imported EPA files, chDB's tables. The platform's own processes write it: `pnpm pipeline`
 * importing offline, then `pnpm start` taking an upload through the admin API and a screening.
 * Every directory they leave is 0700 and every file 0600, including what an older version had
 * left open before they started.
 */
import { execFile } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, workspaceRoot } from '@ust/platform';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';
import type { ImportRun, ScreeningRun } from '@ust/schemas';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth, type StandaloneProcess } from './testing/standalone-process.js';

const DE_FOLDER = path.join(FIXTURES_DIRECTORY, 'epa-template', 'DE', 'UST');

/** Every directory and file under `root` whose mode lets anyone but its owner in. */
async function openToOthers(root: string): Promise<string[]> {
  const open: string[] = [];
  const visit = async (target: string) => {
    const stats = await lstat(target);
    const mode = stats.mode & 0o777;
    if (stats.isDirectory()) {
      if (mode !== 0o700) open.push(`${path.relative(root, target) || '.'}/ ${mode.toString(8)}`);
      for (const name of await readdir(target)) await visit(path.join(target, name));
    } else if (stats.isFile() && mode !== 0o600) {
      open.push(`${path.relative(root, target)} ${mode.toString(8)}`);
    }
  };
  await visit(root);
  return open;
}

/** What the tree holds, by top-level folder, so the test knows the writes it checks happened. */
async function filesUnder(root: string, folder: string): Promise<number> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

function pipeline(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(workspaceRoot, 'services/standalone/src/pipeline-main.ts'), ...args],
      { cwd: workspaceRoot, env, encoding: 'utf8', timeout: 240_000 },
      (error, stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('DATA_DIR as another user of the machine finds it', () => {
  let dataDir: string;
  let server: StandaloneProcess | undefined;
  let environment: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-data-dir-modes-'));
    const { KAFKA_BROKERS: _kafka, REDIS_URL: _redis, CLICKHOUSE_URL: _clickhouse, UST_API_URL: _url, UST_TOKEN: _token, ...inherited } = process.env;
    environment = { ...inherited, DATA_DIR: dataDir, DEMO_SCALE: 'none', LOG_LEVEL: 'error' };
    // As an older version left it: open directories and files.
    await chmod(dataDir, 0o755);
    await mkdir(path.join(dataDir, 'screenings', 'scr-20250101T000000-000000000000'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dataDir, 'screenings', 'scr-20250101T000000-000000000000', 'results.jsonl'), '{"reference":"old"}\n', { mode: 0o644 });
    await chmod(path.join(dataDir, 'screenings'), 0o755);
    await chmod(path.join(dataDir, 'screenings', 'scr-20250101T000000-000000000000', 'results.jsonl'), 0o644);
  }, 60_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) await stopStandalone(server, 'SIGTERM to the process');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads what `pnpm pipeline import` wrote offline: every directory 0700, every file 0600', async () => {
    const offline = await pipeline(['import', path.join(FIXTURES_DIRECTORY, 'epa-template/VT')], environment);
    expect(offline.status, offline.output).toBe(0);
    expect(await filesUnder(dataDir, 'clickhouse')).toBeGreaterThan(0);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 300_000);

  it('reads what the running platform wrote for an upload through the admin API and a screening: every directory 0700, every file 0600', async () => {
    server = spawnStandalone({ dataDir, port: await findFreePort(), env: { DEMO_SCALE: 'none' } });
    await waitForHealth(server, 120_000);
    const headers = { authorization: `Bearer ${await demoAccessToken(server, dataDir, 'admin')}` };
    const api = (route: string, init: RequestInit = {}) => fetch(`${server!.url}/api${route}`, { ...init, headers: { ...headers, ...init.headers } });

    const upload = new FormData();
    for (const name of await readdir(DE_FOLDER)) upload.append('files', new Blob([await readFile(path.join(DE_FOLDER, name))]), `DE/UST/${name}`);
    const accepted = await api('/admin/imports', { method: 'POST', body: upload });
    expect(accepted.status).toBe(202);
    const { id: importId } = (await accepted.json()) as { id: string };
    const imported = await until(`import ${importId}`, async () => {
      const { imports } = (await (await api('/admin/imports')).json()) as { imports: ImportRun[] };
      const run = imports.find((candidate) => candidate.id === importId);
      return run && (run.status === 'live' || run.status === 'failed') ? run : undefined;
    });
    expect(imported.status).toBe('live');

    const portfolio = new FormData();
    portfolio.append('file', new Blob(['ref,latitude,longitude\nA,39.16,-75.52\nB,38.78,-75.16\n']), 'portfolio.csv');
    const screening = await api('/screenings', { method: 'POST', body: portfolio });
    expect(screening.status).toBe(202);
    const { id: screeningId } = (await screening.json()) as { id: string };
    const screened = await until(`screening ${screeningId}`, async () => {
      const run = (await (await api(`/screenings/${screeningId}`)).json()) as ScreeningRun;
      return run.status === 'done' || run.status === 'failed' ? run : undefined;
    });
    expect(screened).toMatchObject({ status: 'done', rows_done: 2 });
    // The workbook is made from the gateway's copy of the results, a file in DATA_DIR.
    expect((await api(`/screenings/${screeningId}/export/xlsx`)).status).toBe(200);

    await stopStandalone(server, 'SIGTERM to the process');
    expect((await readdir(path.join(dataDir, 'screening-results'))).some((name) => name.startsWith(screeningId))).toBe(true);
    expect(await filesUnder(dataDir, path.join('uploads', importId))).toBe(4);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 400_000);
});
