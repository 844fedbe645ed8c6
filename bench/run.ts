/**
 * `pnpm bench <name> [args]` runs bench/<name>.ts, then the walkthrough (bench/walkthrough.ts:
 * landing text, sign-in, search to results, map canvas), so every run of `pnpm bench` shows how a
 * first visit feels and a slowdown shows in its table though no test asserts a time
 * (BENCH_WALKTHROUGH=off leaves it out). Without a name it lists the benchmarks and runs the walkthrough.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const WALKTHROUGH = 'walkthrough';
const names = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && !['run.ts', 'table.ts', 'platform-process.ts'].includes(file) && !file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.ts$/, ''));
const [name, ...args] = process.argv.slice(2);
if (name && !names.includes(name)) {
  console.log(`No benchmark ${name}. Benchmarks: ${names.join(', ')}`);
  process.exit(1);
}
const run = (bench: string, benchArgs: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${bench}.ts`), ...benchArgs], { stdio: 'inherit' }).status ?? 1;

let status = 0;
if (name) status = run(name, args);
else console.log(`Benchmarks: ${names.join(', ')}\nRun one with: pnpm bench <name> [args]; each run ends with the ${WALKTHROUGH}.`);
if (name !== WALKTHROUGH && process.env.BENCH_WALKTHROUGH !== 'off') status ||= run(WALKTHROUGH, []);
process.exit(status);
