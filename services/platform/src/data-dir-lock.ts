/**
 * One owner per data directory (DECISIONS.md 21): chDB binds a data directory to one process,
 * so the embedded process takes `DATA_DIR/owner.lock`. A second process gets an error that
 * names the owner; a lock left by a process that no longer runs is taken over.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  role: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly owner: LockOwner) {
    super(
      `Data directory ${dataDir} is in use by process ${owner.pid} (${owner.role}, started ${owner.startedAt}). ` +
        'Stop it, talk to it over its API, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'owner.lock');
  const owner: LockOwner = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, JSON.stringify(owner), { flag: 'wx' });
      return {
        file,
        release: async () => {
          const current = await readOwner(file);
          if (current?.pid === process.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = await readOwner(file);
      if (current && current.pid !== process.pid && isRunning(current.pid)) throw new DataDirLockedError(dataDir, current);
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}
