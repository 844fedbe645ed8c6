/**
 * Who holds an embedded job's lock: "<pid>:<random>", one per JobQueue instance. A lock is held
 * until it expires, or until the process that took it is gone: the embedded queue belongs to one
 * process at a time (the DATA_DIR lock), so a job left active by a dead process is taken back at
 * the next start without waiting out its lock.
 */
import { randomBytes } from 'node:crypto';
import { isRunning } from '../data-dir-lock.js';

export function newLockOwner(): string {
  return `${process.pid}:${randomBytes(6).toString('hex')}`;
}

/** True when the lock no longer holds: it expired, or the process named in it has exited. */
export function lockHolderIsGone(owner: string | undefined, expiresAt: number | undefined, now = Date.now()): boolean {
  if (owner === undefined || expiresAt === undefined || expiresAt <= now) return true;
  const pid = Number(owner.split(':')[0]);
  // Another queue of this very process (an instance not closed) still runs its jobs until its lock expires.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  return !isRunning(pid);
}
