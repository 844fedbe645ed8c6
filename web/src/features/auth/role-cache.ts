/**
 * What the browser remembers about roles (docs/product.md sections 4 and 7): the last role per
 * e-mail, applied at once on the next visit, and when the profile was last sent per user, so it
 * is sent at most every 5 minutes.
 */
import type { Role } from '@ust/schemas';

/** typebox is not bundled for one list: the `satisfies` and the check below tie it to the schema. */
export const KNOWN_ROLES = ['general', 'broker', 'underwriter', 'admin'] as const satisfies readonly Role[];
type MissingRole = Exclude<Role, (typeof KNOWN_ROLES)[number]>;
const everyRoleKnown: MissingRole extends never ? true : MissingRole = true;
void everyRoleKnown;

export const DEFAULT_ROLE = 'general' satisfies Role;
export const PROFILE_REFRESH_INTERVAL_MS = 5 * 60_000;

export const roleCacheKey = (email: string) => `ust-role:${email.trim().toLowerCase()}`;
export const profileSentKey = (sub: string) => `ust-profile-sent:${sub}`;

function isRole(value: unknown): value is Role {
  return (KNOWN_ROLES as readonly unknown[]).includes(value);
}

export function readCachedRole(storage: Storage | undefined, email: string): Role | undefined {
  try {
    const value = storage?.getItem(roleCacheKey(email));
    return isRole(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedRole(storage: Storage | undefined, email: string, role: Role): void {
  try {
    storage?.setItem(roleCacheKey(email), role);
  } catch {
    // Quota or disabled storage: the role is simply fetched again next time.
  }
}

export function isProfileRefreshDue(storage: Storage | undefined, sub: string, now: number): boolean {
  try {
    const sentAt = Number(storage?.getItem(profileSentKey(sub)));
    return !Number.isFinite(sentAt) || sentAt <= 0 || now - sentAt >= PROFILE_REFRESH_INTERVAL_MS || sentAt > now;
  } catch {
    return true;
  }
}

export function markProfileSent(storage: Storage | undefined, sub: string, now: number): void {
  try {
    storage?.setItem(profileSentKey(sub), String(now));
  } catch {
    // As above.
  }
}
