import { describe, expect, it } from 'vitest';
import { releaseStatusClass } from './release-status.js';

describe('releaseStatusClass', () => {
  it.each([
    ['Open', 'Open'],
    ['Active: general', 'Open'],
    ['Active: corrective action', 'Open'],
    ['Active: stalled', 'Open'],
    ['No further action', 'No Further Action'],
    ['Closed', 'No Further Action'],
    ['Other', 'Other'],
    [null, 'Other'],
  ] as const)('classes %j as %s', (status, statusClass) => {
    expect(releaseStatusClass(status)).toBe(statusClass);
  });
});
