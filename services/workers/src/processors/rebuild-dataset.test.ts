import { describe, expect, it } from 'vitest';
import { UnrecoverableError } from '@ust/platform';
import { parseRebuildDatasetData } from './rebuild-dataset.js';

describe('parseRebuildDatasetData', () => {
  it('accepts an import id or nothing', () => {
    expect(parseRebuildDatasetData({ import_id: 'imp-1' })).toEqual({ import_id: 'imp-1' });
    expect(parseRebuildDatasetData({})).toEqual({});
    expect(parseRebuildDatasetData(null)).toEqual({});
  });

  it('rejects data no retry could fix, without retries', () => {
    for (const data of [{ import_id: '' }, { import_id: 7 }, 'imp-1', [1]]) {
      expect(() => parseRebuildDatasetData(data)).toThrow(UnrecoverableError);
    }
  });
});
