import { describe, expect, it } from 'vitest';
import { SCREENING_LIMITS_TEXT, SCREENING_TEMPLATE_CSV, formatEta, formatMatch, formatRate, formatRowsDone, progressPercent } from './screening-format';

describe('formatEta', () => {
  it('seconds under a minute, rounded up', () => {
    expect(formatEta(0)).toBe('about 0 s left');
    expect(formatEta(39.2)).toBe('about 40 s left');
  });
  it('minutes and seconds, then hours and minutes', () => {
    expect(formatEta(60)).toBe('1 min 0 s left');
    expect(formatEta(185)).toBe('3 min 5 s left');
    expect(formatEta(3_720)).toBe('1 h 2 min left');
  });
  it('says it is estimating before the server can tell', () => {
    expect(formatEta(null)).toBe('estimating the time left');
    expect(formatEta(Number.NaN)).toBe('estimating the time left');
  });
});

describe('progress', () => {
  it('rows done of total with separators, the rate with one decimal', () => {
    expect(formatRowsDone({ rows_done: 1_234, rows_total: 10_000 })).toBe('1,234 of 10,000 rows');
    expect(formatRate(45.25)).toBe('45.3 rows/s');
  });
  it('a whole percentage, 0 for an empty file, 100 once done', () => {
    expect(progressPercent({ rows_done: 333, rows_total: 1_000, status: 'running' })).toBe(33);
    expect(progressPercent({ rows_done: 0, rows_total: 0, status: 'queued' })).toBe(0);
    expect(progressPercent({ rows_done: 0, rows_total: 0, status: 'done' })).toBe(100);
  });
});

describe('the upload form', () => {
  it('states the limits of docs/decisions/0035-portfolio-matching.md', () => {
    expect(SCREENING_LIMITS_TEXT).toBe('10,000 rows and 10 MB');
  });
  it('offers a template with every column, one row by address and one by coordinates', () => {
    const [header, byAddress, byCoordinates] = SCREENING_TEMPLATE_CSV.split('\r\n');
    expect(header).toBe('reference,address,city,state,zip,latitude,longitude');
    expect(byAddress!.split(',')).toHaveLength(7);
    expect(byCoordinates).toMatch(/^LOC-002,,,,,-?\d+\.\d+,-?\d+\.\d+$/);
  });
});

describe('formatMatch', () => {
  it('names the rule and the distance', () => {
    expect(formatMatch({ rule: 'address', distance_feet: 12 })).toBe('Same address · 12 ft');
    expect(formatMatch({ rule: 'proximity', distance_feet: 180 })).toBe('Within 250 ft · 180 ft away');
  });
});
