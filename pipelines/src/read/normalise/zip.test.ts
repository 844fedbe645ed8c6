import { describe, expect, it } from 'vitest';
import { normaliseZip } from './zip.js';

describe('normaliseZip', () => {
  it.each([
    ['19901', '19901'],
    ['05150', '05150'],
    ['6355', '06355'],
    ['4667', '04667'],
    ['601', '00601'],
    ['51040-', '51040'],
    ['19901-1234', '19901'],
    ['525560000', '52556'],
    ['63551234', '06355'],
    ['6355.0', '06355'],
  ])('reads %j as %s', (text, zip) => {
    expect(normaliseZip(text)).toEqual({ kind: 'zip', value: zip });
  });

  it('reads blank as blank', () => {
    expect(normaliseZip('')).toEqual({ kind: 'blank' });
    expect(normaliseZip(undefined)).toEqual({ kind: 'blank' });
  });

  it('rejects what is no ZIP', () => {
    expect(normaliseZip('0')).toEqual({ kind: 'invalid' });
    expect(normaliseZip('860202')).toEqual({ kind: 'invalid' });
    expect(normaliseZip('00000')).toEqual({ kind: 'invalid' });
    expect(normaliseZip('K1A 0B1')).toEqual({ kind: 'invalid' });
  });
});
