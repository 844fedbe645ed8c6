/**
 * `pnpm pipeline import` on a malformed file, as a user runs it (the compiled command, embedded,
 * on a fresh data directory): it exits 1 with the file, the line and the problem, never a stack
 * trace, and `pnpm pipeline imports` lists the import as failed with that reason.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from '@ust/platform';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';

const pipeline = (args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['--conditions=ust-compiled', 'services/standalone/dist/pipeline-main.js', ...args], {
    cwd: workspaceRoot,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });

describe('pnpm pipeline import of a malformed file', () => {
  let dataDir: string;
  let source: string;
  let brokenLine: number;
  let environment: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // Up to date after `pnpm test`'s build; compiles here when the test runs on its own.
    execFileSync(process.execPath, [path.join(workspaceRoot, 'deploy/build-services.mjs'), '--if-needed'], { stdio: 'ignore' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-pipeline-failure-'));
    source = await mkdtemp(path.join(os.tmpdir(), 'ust-pipeline-failure-source-'));
    await cp(path.join(FIXTURES_DIRECTORY, 'epa-template/DE'), path.join(source, 'DE'), { recursive: true });
    const compartments = path.join(source, 'DE/UST/compartment.csv');
    const lines = (await readFile(compartments, 'utf8')).split('\n');
    brokenLine = lines.length - 20;
    lines[brokenLine - 1] = `"${lines[brokenLine - 1]}`;
    await writeFile(compartments, lines.join('\n'));
    const { KAFKA_BROKERS: _kafka, REDIS_URL: _redis, CLICKHOUSE_URL: _clickhouse, ...inherited } = process.env;
    environment = { ...inherited, DATA_DIR: dataDir, DEMO_SCALE: 'none', LOG_LEVEL: 'error' };
  }, 120_000);
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (source) await rm(source, { recursive: true, force: true });
  });

  it('exits 1 naming the file, the line and the problem, and lists the import as failed', () => {
    const reason = `DE/UST/compartment.csv, line ${brokenLine}: a quoted cell opened in this record is never closed (the file ends inside quotes)`;
    const run = pipeline(['import', path.join(source, 'DE')], environment);
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`Import imp-[0-9a-f-]+ failed: ${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(run.stderr).toContain('Nothing of this import is visible');
    expect(output).not.toContain('CsvError');
    expect(output).not.toMatch(/\n\s+at /);

    const imports = pipeline(['imports'], environment);
    expect(imports.status).toBe(0);
    expect(imports.stdout).toContain(`failed: ${reason}`);
  }, 240_000);
});
