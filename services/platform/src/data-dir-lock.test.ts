import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

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
