import { describe, expect, it } from 'vitest';
import { normaliseState } from './state.js';

describe('normaliseState', () => {
  it('reads codes in any case and full names', () => {
    expect(normaliseState('DE')).toBe('DE');
    expect(normaliseState('Vt')).toBe('VT');
    expect(normaliseState(' IL')).toBe('IL');
    expect(normaliseState('Maine')).toBe('ME');
    expect(normaliseState('North Dakota')).toBe('ND');
  });

  it('reads blank and unknown states as null', () => {
    expect(normaliseState('')).toBeNull();
    expect(normaliseState(undefined)).toBeNull();
    expect(normaliseState('XX')).toBeNull();
    expect(normaliseState('Atlantis')).toBeNull();
  });
});
