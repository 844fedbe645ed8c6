import { describe, expect, it } from 'vitest';
import { parseDate } from './dates.js';

const asOf = new Date('2025-06-01T00:00:00Z');

describe('parseDate', () => {
  it.each([
    ['2017-09-21', '2017-09-21'],
    ['2017-09-21 00:00:00', '2017-09-21'],
    ['01-JAN-1970', '1970-01-01'],
    ['30-aug-2014', '2014-08-30'],
    ['APR-05-1994', '1994-04-05'],
    ['oct-19-2011', '2011-10-19'],
    ['9/21/2017', '2017-09-21'],
    ['09/01/1998', '1998-09-01'],
    ['1998.0', '1998-01-01'],
    ['1998', '1998-01-01'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseDate(text, asOf)).toEqual({ kind: 'date', value: iso });
  });

  it('reads blank and Unknown as blank', () => {
    expect(parseDate('', asOf)).toEqual({ kind: 'blank' });
    expect(parseDate(undefined, asOf)).toEqual({ kind: 'blank' });
    expect(parseDate('Unknown', asOf)).toEqual({ kind: 'blank' });
  });

  it('reports impossible and malformed dates as unparseable', () => {
    // Both are in the tribal tanks (usts.csv lines 4467 and 6365).
    expect(parseDate('07-APR-0023', asOf)).toEqual({ kind: 'unparseable' });
    expect(parseDate('18-AUG-1008', asOf)).toEqual({ kind: 'unparseable' });
    expect(parseDate('2017-02-30', asOf)).toEqual({ kind: 'unparseable' });
    expect(parseDate('FEB-30-1994', asOf)).toEqual({ kind: 'unparseable' });
    expect(parseDate('31-FOO-2001', asOf)).toEqual({ kind: 'unparseable' });
    expect(parseDate('21/9/2017', asOf)).toEqual({ kind: 'unparseable' });
    expect(parseDate('last spring', asOf)).toEqual({ kind: 'unparseable' });
  });

  it('flags 1 January 1900 as the unknown-date placeholder, in either spelling', () => {
    expect(parseDate('01-JAN-1900', asOf)).toEqual({ kind: 'placeholder', value: '1900-01-01' });
    expect(parseDate('1900-01-01', asOf)).toEqual({ kind: 'placeholder', value: '1900-01-01' });
  });

  it('keeps 1 January 1970 (a real year in the tribal tanks, not a spike)', () => {
    expect(parseDate('01-JAN-1970', asOf)).toEqual({ kind: 'date', value: '1970-01-01' });
  });

  it('flags dates after the as-of date', () => {
    expect(parseDate('01-JUL-2049', asOf)).toEqual({ kind: 'future', value: '2049-07-01' });
    expect(parseDate('2025-06-01', asOf)).toEqual({ kind: 'date', value: '2025-06-01' });
  });
});
