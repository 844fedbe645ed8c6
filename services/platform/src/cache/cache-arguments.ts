/** Argument checks and Redis errors the Cache adapters share, so a call Redis would refuse fails in embedded runs too. */

/** Redis only accepts whole seconds for EX; reject the same inputs in both adapters. */
export function assertTtlSeconds(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError(`ttlSeconds must be a positive whole number of seconds, got ${ttlSeconds}`);
  }
}

/** A window is a whole number of milliseconds, as PEXPIRE takes it. */
export function assertWindowMs(windowMs: number): void {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be a positive whole number of milliseconds, got ${windowMs}`);
}

/** Redis' error for a command on a key holding the other kind of value (a hash read as a string). */
export const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';
