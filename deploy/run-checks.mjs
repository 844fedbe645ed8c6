// The checks `pnpm test` runs before the tests, two at a time on the machine's cores: the type
// check, the lint, and the builds the tests run against (the web app, the compiled services).
// Each check's output is printed whole when it ends, with how long it took; the run fails when
// any check fails, after the others have ended.
//
//   node deploy/run-checks.mjs
import { spawn } from 'node:child_process';
import os from 'node:os';

/** The pnpm that runs this (`pnpm test` puts it on PATH and names it in npm_execpath). */
const execPath = process.env.npm_execpath ?? '';
const pnpm = /pnpm/.test(execPath) ? `"${process.execPath}" "${execPath}"` : 'pnpm';

/** Checks in one lane run in order: a lane's later check needs its earlier one (none so far needs another lane). */
const LANES = [
  [
    ['type check', `${pnpm} typecheck`],
    ['web build', `${pnpm} --filter @ust/web build`],
  ],
  [
    ['lint', `${pnpm} lint`],
    ['service build', 'node deploy/build-services.mjs'],
  ],
];

function run([name, command]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(
        `${output}${output.endsWith('\n') || output === '' ? '' : '\n'}::: ${name} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`,
      );
      resolve(code === 0);
    });
  });
}

async function runLane(lane) {
  for (const check of lane) if (!(await run(check))) return false;
  return true;
}

// One lane per core, at least one: on one core the lanes run one after the other.
const parallel = Math.max(1, Math.min(LANES.length, os.availableParallelism()));
const results = [];
for (let index = 0; index < LANES.length; index += parallel) results.push(...(await Promise.all(LANES.slice(index, index + parallel).map(runLane))));
process.exit(results.every(Boolean) ? 0 : 1);
