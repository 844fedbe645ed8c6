import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateOfPath } from './sources.js';

describe('stateOfPath', () => {
  it('reads the state from the export folder of the template layout', () => {
    expect(stateOfPath(path.join('/data', 'epa-template', 'DC', 'UST', 'facility.csv'))).toBe('DC');
    expect(stateOfPath(path.join('/data', 'epa-template', 'IA', 'Releases', 'Template.csv'))).toBe('IA');
    expect(stateOfPath(path.join('/data', 'VT', 'latlong.csv'))).toBe('VT');
  });

  it('finds no state in the UST Finder layout or far up the path', () => {
    expect(stateOfPath(path.join('/data', 'ust-finder-tribal', '2024-Nov', 'data', 'fac.csv'))).toBeNull();
    expect(stateOfPath(path.join('/home', 'CA', 'work', 'exports', 'facility.csv'))).toBeNull();
    expect(stateOfPath(path.join('/data', 'XX', 'UST', 'facility.csv'))).toBeNull();
  });
});
