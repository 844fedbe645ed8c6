/**
 * `pnpm bench <name> [args]` runs bench/<name>.ts; without a name it lists the benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const names = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && !['run.ts', 'table.ts', 'platform-process.ts'].includes(file) && !file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.ts$/, ''));
const [name, ...args] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  console.log(`Benchmarks: ${names.join(', ')}\nRun one with: pnpm bench <name> [args]`);
  process.exit(name ? 1 : 0);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${name}.ts`), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
