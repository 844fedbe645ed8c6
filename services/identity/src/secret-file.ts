/**
 * JSON files that hold secrets (signing keys, cookie keys, demo passwords): readable by the
 * owner only, created once and reused after.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from '@ust/platform';

/** Makes `dir` readable by its owner only (it holds private keys), also when it existed before. */
export async function ensureSecretDirectory(dir: string): Promise<void> {
  await ensurePrivateDirectory(path.dirname(dir));
  await ensurePrivateDirectory(dir);
}

/**
 * Reads `file`, or writes `create()` to it when it does not exist yet. The server and
 * `pnpm token` may start at the same moment on a fresh data directory: the new file is written
 * aside and hard-linked into place, which fails when the other process won the race, and then
 * both use the winner's content.
 */
export async function readOrCreateSecretFile<T>(file: string, create: () => Promise<T>, check: (value: unknown) => value is T): Promise<T> {
  const existing = await readSecretFile(file, check);
  if (existing !== undefined) {
    // A file copied in or made by an older version may be open to others: close it.
    await chmod(file, PRIVATE_FILE_MODE);
    return existing;
  }
  const value = await create();
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}`);
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  // The umask can only remove bits; this makes 0600 explicit whatever it is.
  await chmod(temporary, PRIVATE_FILE_MODE);
  try {
    await link(temporary, file);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSecretFile(file, check);
    if (winner === undefined) throw error;
    return winner;
  } finally {
    await unlink(temporary);
  }
}

async function readSecretFile<T>(file: string, check: (value: unknown) => value is T): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!check(value)) throw new Error(`${file} is not in the expected format; delete it to generate a new one.`);
  return value;
}
