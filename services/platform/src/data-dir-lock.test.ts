import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

/** The pid of a process that has exited: what a lock left by a killed owner names. */
async function deadPid(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => gone.once('exit', resolve));
  return gone.pid!;
}

/** A racer process (data-dir-lock.racer.ts) and the lines it printed. */
function startRacer(barrierDir: string, racers: number, dataDirs: string[]): { child: ChildProcessWithoutNullStreams; done: Promise<string[]> } {
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    new URL('./data-dir-lock.racer.ts', import.meta.url).pathname,
    barrierDir,
    String(racers),
    ...dataDirs,
  ]);
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += String(chunk)));
  const done = new Promise<string[]>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('done\n')) resolve(output.trim().split('\n'));
    });
    child.once('exit', (code) => reject(new Error(`racer exited with ${code} before it was done: ${errors}`)));
  });
  return { child, done };
}

describe('lockDataDir', () => {
  it('takes the lock, names the owner to a second process, and releases it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: other.pid, role: 'standalone', startedAt: '2026-11-21T05:00:00.000Z' }));
      const attempt = lockDataDir(dataDir, 'pipeline');
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(`in use by process ${other.pid} (standalone, started 2026-11-21T05:00:00.000Z)`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('lets exactly one of several processes take over a stale lock, however they interleave', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ust-lock-race-'));
    const stale = JSON.stringify({ pid: await deadPid(), role: 'standalone', startedAt: 'then' });
    const dataDirs = Array.from({ length: 40 }, (_, round) => path.join(root, `round-${round}`));
    for (const dataDir of dataDirs) {
      await mkdir(dataDir);
      await writeFile(path.join(dataDir, 'owner.lock'), stale);
    }
    const barrierDir = path.join(root, 'barrier');
    await mkdir(barrierDir);
    const racers = Array.from({ length: 4 }, () => startRacer(barrierDir, 4, dataDirs));
    try {
      const outputs = await Promise.all(racers.map((racer) => racer.done));
      for (const dataDir of dataDirs) {
        const winners = outputs.filter((lines) => lines.includes(`won ${dataDir}`)).length;
        expect({ dataDir, winners }).toEqual({ dataDir, winners: 1 });
      }
    } finally {
      for (const { child } of racers) child.kill('SIGKILL');
    }
  }, 60_000);

  it('keeps the data directory to its owner (0700), also when it existed before', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-lock-mode-'));
    const fresh = path.join(dataDir, 'fresh');
    await lockDataDir(fresh, 'gateway');
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(fresh, 'owner.lock'))).mode & 0o777).toBe(0o600);
    const open = path.join(dataDir, 'open');
    await mkdir(open, { mode: 0o755 });
    await lockDataDir(open, 'gateway');
    expect((await stat(open)).mode & 0o777).toBe(0o700);
  });

  it('takes over a lock whose owner no longer runs, and removes its own lock on release', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-lock-'));
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: gone.pid, role: 'standalone', startedAt: 'then' }));
    const lock = await lockDataDir(dataDir, 'gateway');
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, role: 'gateway' });
    await lock.release();
    await expect(readFile(lock.file, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
