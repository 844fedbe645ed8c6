/** Argument checks both Cache adapters make, so a value Redis would refuse fails in embedded runs too. */

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
