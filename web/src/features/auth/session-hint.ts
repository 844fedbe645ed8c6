/**
 * Whether this browser has signed in here and not signed out since. Only then can the provider
 * hold a session that the start-up check (a hidden frame to the provider: a few hundred ms
 * before the first screen) could find, so a first-time visitor sees the landing page at once.
 * Someone signed in at the provider through another application (single sign-on) gets in with
 * 'Access Platform', without a password. The tokens themselves stay in the tab's session storage.
 */
export const SESSION_HINT_KEY = 'ust-signed-in-here';

export interface SessionHint {
  /** True when storage cannot be read: the check is then made, as it would be without a hint. */
  present(): boolean;
  note(): void;
  clear(): void;
}

export function storedSessionHint(storage: () => Storage): SessionHint {
  return {
    present() {
      try {
        return storage().getItem(SESSION_HINT_KEY) !== null;
      } catch {
        return true;
      }
    },
    note() {
      try {
        storage().setItem(SESSION_HINT_KEY, '1');
      } catch {
        // Disabled storage: every start then makes the check, as present() says.
      }
    },
    clear() {
      try {
        storage().removeItem(SESSION_HINT_KEY);
      } catch {
        // As above.
      }
    },
  };
}
