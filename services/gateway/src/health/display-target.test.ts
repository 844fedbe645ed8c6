import { describe, expect, it } from 'vitest';
import { displayTarget } from './system-health.js';

describe('displayTarget', () => {
  it('names a path inside the data directory from DATA_DIR, so no answer shows the server file system', () => {
    expect(displayTarget('/srv/ust/data/clickhouse', '/srv/ust/data')).toBe('DATA_DIR/clickhouse');
    expect(displayTarget('/srv/ust/data', '/srv/ust/data/')).toBe('DATA_DIR');
    expect(displayTarget(`${process.cwd()}/data/clickhouse`, './data')).toBe('DATA_DIR/clickhouse');
  });

  it('leaves URLs, names and paths outside the data directory as they are', () => {
    expect(displayTarget('http://clickhouse:8123', '/srv/ust/data')).toBe('http://clickhouse:8123');
    expect(displayTarget('memory', '/srv/ust/data')).toBe('memory');
    expect(displayTarget('/srv/ust/data-other/clickhouse', '/srv/ust/data')).toBe('/srv/ust/data-other/clickhouse');
  });
});
