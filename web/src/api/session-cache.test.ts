import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage';
import { readSessionCache, writeSessionCache } from './session-cache';

const TEN_MINUTES = 10 * 60_000;

describe('the session cache', () => {
  it('returns a value for ten minutes and then no more', () => {
    const storage = new MemoryStorage();
    writeSessionCache(storage, 'stats', { total_facilities: 3 }, 1_000);
    expect(readSessionCache(storage, 'stats', TEN_MINUTES, 1_000 + TEN_MINUTES - 1)).toEqual({ value: { total_facilities: 3 }, storedAt: 1_000 });
    expect(readSessionCache(storage, 'stats', TEN_MINUTES, 1_000 + TEN_MINUTES)).toBeUndefined();
  });

  it('drops an entry it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem('stats', '{not json');
    expect(readSessionCache(storage, 'stats', TEN_MINUTES, 0)).toBeUndefined();
    expect(storage.getItem('stats')).toBeNull();
  });
});
