import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepDataDirPrivate } from './private-data-dir.js';

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

describe('keepDataDirPrivate', () => {
  let root: string;
  let umask: number;

  beforeEach(async () => {
    umask = process.umask();
    root = await mkdtemp(path.join(os.tmpdir(), 'ust-private-data-dir-'));
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  });

  it('closes what an older version left open, and what this process creates afterwards, but not what a link points to', async () => {
    const dataDir = path.join(root, 'data');
    const outside = path.join(root, 'outside.csv');
    await mkdir(path.join(dataDir, 'screenings', 'scr-1'), { recursive: true });
    await writeFile(path.join(dataDir, 'screenings', 'scr-1', 'rows.json'), '[]');
    await writeFile(outside, 'shared');
    await symlink(outside, path.join(dataDir, 'screenings', 'link.csv'));
    for (const directory of [dataDir, path.join(dataDir, 'screenings'), path.join(dataDir, 'screenings', 'scr-1')]) await chmod(directory, 0o755);
    await chmod(path.join(dataDir, 'screenings', 'scr-1', 'rows.json'), 0o644);
    await chmod(outside, 0o644);

    await keepDataDirPrivate(dataDir);

    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'screenings'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'screenings', 'scr-1'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'screenings', 'scr-1', 'rows.json'))).toBe(0o600);
    expect(await modeOf(outside)).toBe(0o644);

    // Created the ordinary way, with no mode given.
    await mkdir(path.join(dataDir, 'uploads', 'imp-1'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'imp-1', 'facility.csv'), 'Facility ID\n');
    expect(await modeOf(path.join(dataDir, 'uploads'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'uploads', 'imp-1'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'uploads', 'imp-1', 'facility.csv'))).toBe(0o600);
  });
});
