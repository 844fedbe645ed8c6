/**
 * A process racing others for the locks of several data directories (data-dir-lock.test.ts).
 * For each directory it waits at a barrier until all `racers` have arrived (so they try at
 * the same moment), tries the lock, and prints `won <dir>` or `locked <dir>`; it keeps its
 * locks (it stays alive) until its stdin closes.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const [barrierDir, racers, ...dataDirs] = process.argv.slice(2);
const pause = () => new Promise((resolve) => setTimeout(resolve, 1));

for (const [round, dataDir] of dataDirs.entries()) {
  writeFileSync(path.join(barrierDir!, `round-${round}-${process.pid}`), '');
  while (readdirSync(barrierDir!).filter((name) => name.startsWith(`round-${round}-`)).length < Number(racers)) await pause();
  try {
    await lockDataDir(dataDir, `racer ${process.pid}`);
    process.stdout.write(`won ${dataDir}\n`);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stdout.write(`locked ${dataDir}\n`);
  }
}
process.stdout.write('done\n');
if (!existsSync(barrierDir!)) process.exit(1);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
