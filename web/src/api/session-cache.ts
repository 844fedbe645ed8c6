/** A value kept in sessionStorage with the time it was stored, for responses cached across reloads. */

export interface CachedValue<T> {
  value: T;
  storedAt: number;
}

/** The value if it is younger than maxAgeMs; a corrupt entry is removed. */
export function readSessionCache<T>(storage: Storage | undefined, key: string, maxAgeMs: number, now: number): CachedValue<T> | undefined {
  try {
    const text = storage?.getItem(key);
    if (!text) return undefined;
    const cached = JSON.parse(text) as Partial<CachedValue<T>>;
    if (typeof cached.storedAt !== 'number' || cached.value === undefined) throw new Error('malformed cache entry');
    return now - cached.storedAt < maxAgeMs && cached.storedAt <= now ? (cached as CachedValue<T>) : undefined;
  } catch {
    storage?.removeItem(key);
    return undefined;
  }
}

export function writeSessionCache<T>(storage: Storage | undefined, key: string, value: T, now: number): void {
  try {
    storage?.setItem(key, JSON.stringify({ value, storedAt: now } satisfies CachedValue<T>));
  } catch {
    // Quota or disabled storage: the cache is an optimisation only.
  }
}
