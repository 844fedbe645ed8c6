/**
 * vitest globalSetup of the browser tests: builds the fixtures' data directory once per run, in
 * a process of its own (chDB binds one data directory per process), and names it to the test
 * files' processes in UST_E2E_DATA_TEMPLATE; startPlatform copies it for each platform.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@ust/platform';

const run = promisify(execFile);

export default async function setup() {
  const template = await mkdtemp(path.join(os.tmpdir(), 'ust-e2e-template-'));
  const script = path.join(workspaceRoot, 'services/standalone/src/testing/fixtures-template.ts');
  await run(process.execPath, ['--import', 'tsx', script, template], { cwd: workspaceRoot });
  process.env.UST_E2E_DATA_TEMPLATE = template;
  return () => rm(template, { recursive: true, force: true });
}
