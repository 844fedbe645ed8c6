import { describe, expect, it } from 'vitest';
import { cleanText, joinDistinct, parseInteger, parseNumber, parseYesNo } from './values.js';

describe('cleanText', () => {
  it.each(['', '   ', 'Unknown', 'unknown', 'UNKNOWN', 'N/A', 'n/a', 'NA', 'null'])('reads %j as null', (value) => {
    expect(cleanText(value)).toBeNull();
  });

  it('trims and joins the lines of a multi-line cell', () => {
    expect(cleanText('  14 E ST SE\nCAPITOL GROUNDS GARAGE ')).toBe('14 E ST SE, CAPITOL GROUNDS GARAGE');
    expect(cleanText('Route 1\r\n\r\nBox 232A')).toBe('Route 1, Box 232A');
  });

  it('keeps other text as it is', () => {
    expect(cleanText('Suburban Heating Oil  Stowe Facility')).toBe('Suburban Heating Oil  Stowe Facility');
    expect(cleanText(undefined)).toBeNull();
  });
});

describe('parseYesNo', () => {
  it('reads Yes and No in any case', () => {
    expect(parseYesNo('Yes')).toBe(true);
    expect(parseYesNo('YES')).toBe(true);
    expect(parseYesNo('Y')).toBe(true);
    expect(parseYesNo('No')).toBe(false);
    expect(parseYesNo('no')).toBe(false);
  });

  it('reads blank and Unknown as null and anything else as unreadable', () => {
    expect(parseYesNo('')).toBeNull();
    expect(parseYesNo('Unknown')).toBeNull();
    expect(parseYesNo('Annual Line Leak Detector Test')).toBeUndefined();
  });
});

describe('parseNumber and parseInteger', () => {
  it('reads pandas floats and zero-padded region codes', () => {
    expect(parseNumber('10000.0')).toBe(10000);
    expect(parseNumber('-72.5219')).toBe(-72.5219);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseInteger('001')).toBe(1);
    expect(parseInteger('3.0')).toBe(3);
  });

  it('tells blank (null) from unreadable (undefined)', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('Unknown')).toBeNull();
    expect(parseNumber('ten')).toBeUndefined();
    expect(parseInteger('2.5')).toBeUndefined();
  });
});

describe('joinDistinct', () => {
  it("joins with '; ', drops nulls and repeats, and splits lists that are already joined", () => {
    expect(joinDistinct(['Diesel', null, 'Gasoline', 'Diesel'])).toBe('Diesel; Gasoline');
    expect(joinDistinct(['Diesel; Gasoline (containing <=10% ethanol)', 'Diesel'])).toBe('Diesel; Gasoline (containing <=10% ethanol)');
    expect(joinDistinct([null])).toBeNull();
  });
});
