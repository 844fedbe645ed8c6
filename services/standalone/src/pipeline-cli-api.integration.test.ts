/**
 * `pnpm pipeline` while the platform runs on the same data directory, as a user runs both: the
 * commands go through its admin API with an admin token the CLI signs itself, follow an upload
 * and a replay (of an import the CLI ran offline before the platform started) to live, and list
 * them; bad input and a wrong token get a clear message; the commands that open
 * the data directory say what to do. With the platform stopped (its runtime file naming a dead
 * process), the CLI works offline again; with its files left naming a live pid and a stranger on
 * its port, the CLI sends that stranger no token.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, newRuntimeProofKey, workspaceRoot, writeRuntimeFile } from '@ust/platform';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth, type StandaloneProcess } from './testing/standalone-process.js';

const DE_ACCEPTED = 2_665 + 8_986;
/** A pid no process has (above Linux's pid_max). */
const DEAD_PID = 99_999_999;

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

function pipeline(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(workspaceRoot, 'services/standalone/src/pipeline-main.ts'), ...args],
      { cwd: workspaceRoot, env, encoding: 'utf8', timeout: 240_000 },
      (error, stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe('pnpm pipeline while the platform runs', () => {
  let dataDir: string;
  let source: string;
  let server: StandaloneProcess | undefined;
  let environment: NodeJS.ProcessEnv;
  let importId: string;
  /** VT, imported offline before the platform started: it has a manifest and no run record. */
  let offlineId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-pipeline-api-'));
    source = await mkdtemp(path.join(os.tmpdir(), 'ust-pipeline-api-source-'));
    await cp(path.join(FIXTURES_DIRECTORY, 'epa-template/DE'), path.join(source, 'DE'), { recursive: true });
    const { KAFKA_BROKERS: _kafka, REDIS_URL: _redis, CLICKHOUSE_URL: _clickhouse, UST_API_URL: _url, UST_TOKEN: _token, ...inherited } = process.env;
    environment = { ...inherited, DATA_DIR: dataDir, DEMO_SCALE: 'none', LOG_LEVEL: 'error' };
    const offline = await pipeline(['import', path.join(FIXTURES_DIRECTORY, 'epa-template/VT')], environment);
    expect(offline.status, `${offline.stdout}${offline.stderr}`).toBe(0);
    offlineId = /^Import (imp-[0-9a-f-]+): live/m.exec(offline.stdout)![1]!;
    server = spawnStandalone({ dataDir, port: await findFreePort(), env: { DEMO_SCALE: 'none' } });
    await waitForHealth(server, 120_000);
    // Resolves once runtime.json names the platform: the CLI finds it there.
    await demoAccessToken(server, dataDir, 'admin');
  }, 300_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) await stopStandalone(server, 'SIGTERM to the process');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (source) await rm(source, { recursive: true, force: true });
  });

  it('imports a folder through the API, follows it to live, and lists it', async () => {
    const run = await pipeline(['import', path.join(source, 'DE')], environment);
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stderr).toContain('Uploading 4 file(s) to the platform at http://127.0.0.1:');
    importId = /^Import (imp-[0-9a-f-]+): live/m.exec(run.stdout)![1]!;
    expect(run.stdout).toMatch(new RegExp(`accepted\\s+${DE_ACCEPTED.toLocaleString('en-US')}\\n`));
    expect(run.stdout).toContain('files   DE/UST/compartment.csv, DE/UST/facility.csv, DE/UST/piping.csv, DE/UST/tank.csv');
    expect(run.stdout).toContain('states  DE');

    const imports = await pipeline(['imports'], environment);
    expect(imports.status).toBe(0);
    expect(imports.stdout).toMatch(new RegExp(`^${importId}  upload  \\{"accepted":${DE_ACCEPTED},"rejected":0,"warnings":\\d+\\}  \\S+  live$`, 'm'));
  }, 240_000);

  it('replays an import, then everything from the beginning, each followed to live', async () => {
    const replay = await pipeline(['replay', offlineId], environment);
    expect(replay.status, `${replay.stdout}${replay.stderr}`).toBe(0);
    // The dataset version is the replay's own: the command followed it, not the offline run.
    expect(replay.stdout).toMatch(new RegExp(`^Import ${offlineId}: live \\(dataset version \\d+\\)$`, 'm'));
    expect(replay.stdout).toContain('states  VT');

    const all = await pipeline(['replay', '--from-beginning'], environment);
    expect(all.status, `${all.stdout}${all.stderr}`).toBe(0);
    expect(all.stdout).toContain('Replayed 2 import(s) from their sources.');

    const missing = await pipeline(['replay', 'imp-none'], environment);
    expect({ status: missing.status, stderr: missing.stderr }).toEqual({
      status: 1,
      stderr: 'POST /api/admin/imports/imp-none/replay: 404 No import imp-none\n',
    });
  }, 360_000);

  it('says clearly what is wrong with a path, a file or a token', async () => {
    const nowhere = path.join(source, 'nowhere');
    const missing = await pipeline(['import', nowhere], environment);
    expect({ status: missing.status, stderr: missing.stderr }).toEqual({ status: 2, stderr: `${nowhere}: no such file or folder\n` });

    const wrongToken = await pipeline(['imports'], { ...environment, UST_TOKEN: 'not-a-token' });
    expect(wrongToken.status).toBe(1);
    expect(wrongToken.stderr).toMatch(
      /^GET \/api\/admin\/imports: 401 .+\nUST_TOKEN, when set, must be an admin access token of the platform at http:\/\/127\.0\.0\.1:\d+\.\n$/,
    );

    const generate = await pipeline(['generate'], environment);
    expect(generate.status).toBe(1);
    expect(generate.stderr).toContain(`A platform runs on ${dataDir} (process ${server!.child.pid}`);
    expect(generate.stderr).toContain('Stop the platform (Ctrl+C where `pnpm start` runs) and run the command again, or set DATA_DIR to another directory.');
  }, 120_000);

  it('works offline once the platform is gone, though its runtime file remains', async () => {
    await stopStandalone(server!, 'SIGTERM to the process');
    await writeRuntimeFile(dataDir, {
      pid: DEAD_PID,
      url: 'http://127.0.0.1:1',
      publicUrl: 'http://127.0.0.1:1',
      issuer: 'x',
      audience: 'y',
      startedAt: new Date().toISOString(),
      proofKey: newRuntimeProofKey(),
    });
    const imports = await pipeline(['imports'], environment);
    expect(imports.status, imports.stderr).toBe(0);
    // The offline listing: from the manifests, with the committed import's table counts.
    expect(imports.stdout).toMatch(new RegExp(`^${importId}  files  \\{"facilities":2665,"tanks":8986,.*\\}  \\S+  committed$`, 'm'));
  }, 60_000);

  it('sends no token to a stranger listening where the platform was, after a crash left its files and its pid was reused', async () => {
    // The stranger holds the platform's port; its pid, alive, is where the lock says the platform's was.
    const received: Array<string | undefined> = [];
    const stranger = createServer((request, response) => {
      received.push(request.headers.authorization);
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"imports":[]}');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    try {
      await writeRuntimeFile(dataDir, {
        pid: process.pid,
        url,
        publicUrl: url,
        issuer: `${url}/idp`,
        audience: `${url}/api`,
        startedAt: new Date().toISOString(),
        proofKey: newRuntimeProofKey(),
      });
      await writeFile(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: process.pid, role: 'standalone', startedAt: new Date().toISOString() }));
      for (const env of [environment, { ...environment, UST_TOKEN: 'the-users-own-token' }]) {
        const imports = await pipeline(['imports'], env);
        expect({ status: imports.status, stdout: imports.stdout }).toEqual({ status: 2, stdout: '' });
        expect(imports.stderr).toContain(
          `No token was sent to ${url}: the server there did not prove it is the platform that wrote ${path.join(dataDir, 'runtime.json')} (process ${process.pid}): ` +
            "its answer is not a proof made with the file's key.",
        );
      }
      expect(received).toEqual([undefined, undefined]);
    } finally {
      await rm(path.join(dataDir, 'owner.lock'), { force: true });
      await new Promise((resolve) => stranger.close(resolve));
    }
  }, 60_000);
});
