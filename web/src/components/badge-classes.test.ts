import { describe, expect, it } from 'vitest';
import { releaseStatusBadgeClass, riskClass, riskLevel } from './badge-classes';

describe('risk colour', () => {
  it('is green to 3, amber to 6, red above (docs/product.md section 2)', () => {
    expect([1, 3, 4, 6, 7, 10].map(riskLevel)).toEqual(['low', 'low', 'moderate', 'moderate', 'high', 'high']);
    expect(riskClass(3)).toBe('risk-low');
    expect(riskClass(6)).toBe('risk-moderate');
    expect(riskClass(6.5)).toBe('risk-high');
    expect(riskClass(null)).toBe('risk-unknown');
  });
});

describe('release status badge (docs/decisions/0011-release-status-badge.md)', () => {
  it('is red for Open, green for No Further Action, amber for anything else', () => {
    expect(releaseStatusBadgeClass('Open')).toBe('status-open');
    expect(releaseStatusBadgeClass('No Further Action')).toBe('status-closed');
    expect(releaseStatusBadgeClass('Other')).toBe('status-other');
  });
});
