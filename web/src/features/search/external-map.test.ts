import { describe, expect, it } from 'vitest';
import { externalMapUrl } from './external-map';

describe('View on Map', () => {
  it('opens OpenStreetMap at the facility', () => {
    expect(externalMapUrl(38.90112408, -76.9830541)).toBe('https://www.openstreetmap.org/?mlat=38.901124&mlon=-76.983054#map=17/38.901124/-76.983054');
  });
});
