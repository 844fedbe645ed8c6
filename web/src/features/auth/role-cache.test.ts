import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../testing/memory-storage';
import { isProfileRefreshDue, markProfileSent, PROFILE_REFRESH_INTERVAL_MS, readCachedRole, roleCacheKey, writeCachedRole } from './role-cache';

describe('the role cache', () => {
  it('keeps the role under a key built from the e-mail, whatever its case', () => {
    const storage = new MemoryStorage();
    writeCachedRole(storage, 'Admin@UST.local', 'admin');
    expect(storage.getItem(roleCacheKey('admin@ust.local'))).toBe('admin');
    expect(readCachedRole(storage, 'admin@ust.local')).toBe('admin');
    expect(readCachedRole(storage, 'broker@ust.local')).toBeUndefined();
  });

  it('ignores a value that is not a role', () => {
    const storage = new MemoryStorage();
    storage.setItem(roleCacheKey('x@ust.local'), 'superuser');
    expect(readCachedRole(storage, 'x@ust.local')).toBeUndefined();
  });

  it('sends the profile again only after 5 minutes, per user', () => {
    const storage = new MemoryStorage();
    expect(isProfileRefreshDue(storage, 'local|demo-admin', 1_000)).toBe(true);
    markProfileSent(storage, 'local|demo-admin', 1_000);
    expect(isProfileRefreshDue(storage, 'local|demo-admin', 1_000 + PROFILE_REFRESH_INTERVAL_MS - 1)).toBe(false);
    expect(isProfileRefreshDue(storage, 'local|demo-broker', 1_000)).toBe(true);
    expect(isProfileRefreshDue(storage, 'local|demo-admin', 1_000 + PROFILE_REFRESH_INTERVAL_MS)).toBe(true);
  });
});
