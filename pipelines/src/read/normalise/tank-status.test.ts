import { describe, expect, it } from 'vitest';
import { normaliseTankStatus } from './tank-status.js';

describe('normaliseTankStatus', () => {
  // Every spelling of the fixture states: DC, DE, VT (tank and compartment files) and the tribal tanks.
  it.each([
    ['Currently in use', 'Currently in use'],
    ['Currently In Use', 'Currently in use'],
    ['Currently in Use', 'Currently in use'],
    ['In Service', 'Currently in use'],
    ['ACTIVE', 'Currently in use'],
    ['Temporarily out of service', 'Temporarily out of service'],
    ['Temporarily Out of Use', 'Temporarily out of service'],
    ['Out Of Service', 'Temporarily out of service'],
    ['Closed (removed from ground)', 'Closed'],
    ['Close (Removed from ground)', 'Closed'],
    ['Closed (in place)', 'Closed'],
    ['Closed in Place', 'Closed'],
    ['Removed', 'Closed'],
    ['PULLED', 'Closed'],
    ['Permanently Out of Use', 'Closed'],
    ['Abandoned', 'Closed'],
  ])('maps %j to %s', (text, status) => {
    expect(normaliseTankStatus(text)).toEqual({ kind: 'status', value: status });
  });

  it("maps DC's 'Other' to no status, and blank to blank", () => {
    expect(normaliseTankStatus('Other')).toEqual({ kind: 'status', value: null });
    expect(normaliseTankStatus('')).toEqual({ kind: 'blank' });
    expect(normaliseTankStatus('Unknown')).toEqual({ kind: 'blank' });
  });

  it('reports a spelling it does not know', () => {
    expect(normaliseTankStatus('Sold to neighbour')).toEqual({ kind: 'unknown' });
  });
});
