/**
 * The compiled platform as `pnpm start` and the image run it: plain node on each package's dist/
 * (deploy/build-services.mjs), the workspace packages resolved to dist/ by the ust-compiled
 * condition, on a fresh data directory with the fixtures dataset. Then a token from the compiled
 * token CLI opens the data routes, and the gateway's CPU pool threads, compiled too, make a PDF.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, workspaceRoot } from '@ust/platform';

const NODE_COMPILED = [process.execPath, '--conditions=ust-compiled'];

describe('the compiled standalone', () => {
  let server: ChildProcess;
  let output = '';
  let dataDir: string;
  let url: string;
  let environment: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // Up to date after `pnpm test`'s build; compiles here when the test runs on its own.
    execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'ignore' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-compiled-'));
    const port = await findFreePort();
    url = `http://127.0.0.1:${port}`;
    environment = { ...process.env, DATA_DIR: dataDir, DEMO_SCALE: 'fixtures', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    server = spawn(NODE_COMPILED[0]!, [...NODE_COMPILED.slice(1), 'services/standalone/dist/main.js'], { cwd: workspaceRoot, env: environment });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the compiled standalone exited with ${server.exitCode}:\n${output}`);
      const health = await fetch(`${url}/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('runs no TypeScript: every module it loads from the workspace is compiled JavaScript', () => {
    // A TypeScript file reached through a default export condition would have failed to load in
    // plain node (no loader), so having answered /health is the proof; the command says how.
    expect(server.spawnargs).not.toContain('tsx');
    expect(server.spawnargs.some((argument) => argument.endsWith('.ts'))).toBe(false);
  });

  it('answers the data routes with a token from the compiled token CLI', async () => {
    const token = execFileSync(process.execPath, ['--conditions=ust-compiled', 'services/identity/dist/cli/token.js', 'broker'], {
      cwd: workspaceRoot,
      env: environment,
      encoding: 'utf8',
    }).trim();
    const headers = { authorization: `Bearer ${token}` };

    const statistics = await fetch(`${url}/api/facilities-statistics`, { headers });
    expect(statistics.status).toBe(200);
    expect(((await statistics.json()) as { total_facilities: number }).total_facilities).toBeGreaterThan(0);

    const search = await fetch(`${url}/api/search-address`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ address: '1016 Bladensburg Rd NE, Washington DC 20002' }),
    });
    expect(search.status).toBe(200);
    const body = (await search.json()) as { facilities?: Array<{ id: string }> };
    expect(body.facilities?.length).toBeGreaterThan(0);

    // Rendered in a CPU pool thread, which loads dist/cpu-pool/cpu-worker.js with the same condition.
    const pdf = await fetch(`${url}/api/facilities/${encodeURIComponent(body.facilities![0]!.id)}/exposure-sheet.pdf`, { headers });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
