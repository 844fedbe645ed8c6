/**
 * One owner per data directory (docs/decisions/0021-data-directory-owner.md): chDB binds a data
 * directory to one process, so the embedded process takes `DATA_DIR/owner.lock`. A second
 * process gets an error that names the owner; a lock left by a process that no longer runs is
 * taken over.
 *
 * Taking over must be atomic: two processes that both find a stale lock must not both remove
 * it and both create their own. So a takeover first creates, exclusively, a token file named
 * after the stale lock's exact content: only one process can, and only it replaces the lock,
 * after checking that the lock still holds that content. A taker that dies half-way leaves its
 * token; the next one takes over that token the same way (its name covers the token's content).
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from './files/private-files.js';

export interface LockOwner {
  pid: number;
  role: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `Data directory ${dataDir} is in use by process ${owner.pid} (${owner.role}, started ${owner.startedAt}). ` +
        'Stop it, talk to it over its API, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid runs (EPERM: it does, as another user). */
export function isRunning(pid: number): boolean {
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

const LOCK_FILE = 'owner.lock';
const TAKEOVER_PREFIX = `${LOCK_FILE}.takeover-`;
const TAKEOVER_TOKEN = /^owner\.lock\.takeover-[0-9a-f]{24}$/;
/** Rounds of "create, or find the owner, or take over": each round ends unless another process moved first. */
const MAX_ATTEMPTS = 20;

/**
 * Creates `file` with `content` unless it exists; false when it does. The content is written
 * aside and hard-linked into place, so nobody ever reads the file empty or half-written (an
 * empty lock would look abandoned and be taken over).
 */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(aside, content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await link(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(aside, { force: true });
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function ownerOf(text: string | undefined): LockOwner | undefined {
  try {
    const owner = JSON.parse(text ?? '') as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The process holding `dataDir`'s lock, if one that still runs does: how a CLI tells that a
 * platform owns the directory (and so talks to it over its API) without trying to take it.
 */
export async function liveDataDirOwner(dataDir: string): Promise<LockOwner | undefined> {
  const owner = ownerOf(await readText(path.join(dataDir, LOCK_FILE)));
  return owner && isRunning(owner.pid) ? owner : undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  await ensurePrivateDirectory(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, role, startedAt: new Date().toISOString() } satisfies LockOwner);
  const lock: DataDirLock = {
    file,
    release: async () => {
      if ((await readText(file)) === mine) await rm(file, { force: true });
    },
  };

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (await createExclusive(file, mine)) return lock;
    const text = await readText(file);
    if (text === undefined) continue; // released a moment ago: try again
    const owner = ownerOf(text);
    if (owner && owner.pid !== process.pid && isRunning(owner.pid)) throw new DataDirLockedError(dataDir, owner);
    // The owner is gone, or the file is not a lock at all: take it over.
    if (await takeOver(dataDir, file, text, mine)) {
      await removeDeadTakeoverTokens(dataDir);
      return lock;
    }
    await pause(5 + Math.random() * 20);
  }
  const owner = ownerOf(await readText(file));
  if (owner) throw new DataDirLockedError(dataDir, owner);
  throw new Error(`Could not take the lock ${file}: other processes kept changing it`);
}

/**
 * Replaces the stale lock whose content is `stale` with `mine`, if this process is the one that
 * claims it. False when another live process is taking it over or already did.
 */
async function takeOver(dataDir: string, file: string, stale: string, mine: string): Promise<boolean> {
  let claimed = stale;
  for (;;) {
    const token = path.join(dataDir, `${TAKEOVER_PREFIX}${createHash('sha256').update(claimed).digest('hex').slice(0, 24)}`);
    if (!(await createExclusive(token, mine))) {
      const tokenText = await readText(token);
      if (tokenText === undefined) return false; // its taker finished: the lock has changed
      const taker = ownerOf(tokenText);
      if (taker && isRunning(taker.pid)) return false;
      // Its taker died before finishing: claim its token in turn.
      claimed = `${claimed}\n${tokenText}`;
      continue;
    }
    try {
      // Only the holder of this token replaces a lock with this content; anything else means
      // the lock was taken over or released since it was read.
      if ((await readText(file)) !== stale) return false;
      await rm(file, { force: true });
      return await createExclusive(file, mine);
    } finally {
      await rm(token, { force: true });
    }
  }
}

/** Tokens of takers that died half-way: once the lock is ours, nobody needs them. */
async function removeDeadTakeoverTokens(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if (!TAKEOVER_TOKEN.test(name)) continue;
    const taker = ownerOf(await readText(path.join(dataDir, name)));
    if (!taker || !isRunning(taker.pid)) await rm(path.join(dataDir, name), { force: true });
  }
}
