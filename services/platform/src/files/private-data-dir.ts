/**
 * Everything under DATA_DIR is its user's alone: customers' portfolios (screenings), uploaded
 * and imported EPA files, chDB's tables, keys. Each process that writes it calls
 * keepDataDirPrivate first:
 * - its umask becomes 0o077, so whatever it creates from then on is 0700 or 0600, whoever
 *   creates it (its own code, chDB, a library), with no mode to remember at each write;
 * - what is there already is closed to others, so a directory an older version left 0755 with
 *   0644 files, or one restored from a backup, is private too.
 */
import { chmod, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirectory, PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from './private-files.js';

const PRIVATE_UMASK = 0o077;

/**
 * chmod that leaves alone what vanished meanwhile (a running process's temporary file) and
 * what another user owns (a file dropped into the inbox): this user cannot change it.
 */
async function chmodOwn(target: string, mode: number): Promise<void> {
  try {
    await chmod(target, mode);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

/** Directories 0700 and files 0600 below `directory`; symbolic links are not followed (chmod would change their target). */
async function closeTree(directory: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'EACCES') return;
    throw error;
  }
  for (const entry of entries) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      await chmodOwn(entryPath, PRIVATE_DIRECTORY_MODE);
      await closeTree(entryPath);
    } else if (entry.isFile()) {
      await chmodOwn(entryPath, PRIVATE_FILE_MODE);
    }
  }
}

export async function keepDataDirPrivate(dataDir: string): Promise<void> {
  process.umask(PRIVATE_UMASK);
  await ensurePrivateDirectory(dataDir);
  await closeTree(dataDir);
}
