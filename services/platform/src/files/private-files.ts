/**
 * DATA_DIR holds chDB's tables, signing keys, demo passwords and a cache with users'
 * e-mails: only the user the platform runs as may read it. Directories are 0700 and files 0600,
 * set explicitly (the umask only removes bits) and again on every start, so a directory made
 * by an older version or restored from a backup is closed too.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export async function ensurePrivateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  await chmod(directory, PRIVATE_DIRECTORY_MODE);
}

export function ensurePrivateDirectorySync(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  chmodSync(directory, PRIVATE_DIRECTORY_MODE);
}

/** A name beside `file` for writing its next content before the rename. */
function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Writes `file` readable by its owner only, whole or not at all: a crash leaves the previous content. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryBeside(file);
  try {
    await writeFile(temporary, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    await chmod(temporary, PRIVATE_FILE_MODE);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function writePrivateFileSync(file: string, data: string | Uint8Array): void {
  const temporary = temporaryBeside(file);
  try {
    writeFileSync(temporary, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    chmodSync(temporary, PRIVATE_FILE_MODE);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
