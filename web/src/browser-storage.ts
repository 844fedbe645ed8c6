/**
 * The browser's local or session storage, or undefined where merely reading it throws (storage
 * disabled, a sandboxed frame): every caller then works without it, remembering nothing.
 */
export function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}
