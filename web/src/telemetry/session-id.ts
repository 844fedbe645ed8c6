/** The client session id (docs/product.md section 3): the time plus a random string, one per browser tab. */

export const SESSION_ID_STORAGE_KEY = 'ust-session-id';

export function createSessionId(now: number, randomValues: (array: Uint8Array) => Uint8Array): string {
  const random = Array.from(randomValues(new Uint8Array(6)), (byte) => byte.toString(36).padStart(2, '0')).join('');
  return `session-${now.toString(36)}-${random}`;
}

/** Kept in sessionStorage so a reload stays in the same session and a new tab starts another. */
export function loadSessionId(storage: Storage | undefined, now: number, randomValues: (array: Uint8Array) => Uint8Array): string {
  try {
    const existing = storage?.getItem(SESSION_ID_STORAGE_KEY);
    if (existing) return existing;
    const created = createSessionId(now, randomValues);
    storage?.setItem(SESSION_ID_STORAGE_KEY, created);
    return created;
  } catch {
    // Storage can be disabled (private modes, policies): a session per page load then.
    return createSessionId(now, randomValues);
  }
}
