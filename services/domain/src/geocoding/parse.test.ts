import { describe, expect, it } from 'vitest';
import { parseLocality, parseQuery } from './parse.js';

describe('parseQuery', () => {
  it('gives nothing for under 3 characters after trimming', () => {
    expect(parseQuery('  de  ')).toBeNull();
    expect(parseQuery('dov')).not.toBeNull();
  });

  it('reads a street address with its locality after a comma', () => {
    expect(parseQuery('1016 Bladensburg Rd NE, Washington DC 20002')).toEqual({
      text: '1016 Bladensburg Rd NE, Washington DC 20002',
      number: '1016',
      afterNumber: ['BLADENSBURG', 'RD', 'NE'],
      leading: [],
      locality: { city: ['WASHINGTON'], states: ['DC'], looseStates: false, zip: '20002' },
      zipPrefix: null,
      zip: '20002',
    });
  });

  it('reads a partial address, a ZIP being typed and a place', () => {
    expect(parseQuery('1016 blad')).toMatchObject({ number: '1016', afterNumber: ['BLAD'], locality: null, zip: null });
    expect(parseQuery('199')).toMatchObject({ number: null, zipPrefix: '199', zip: null });
    expect(parseQuery('19901')).toMatchObject({ zipPrefix: '19901', zip: '19901' });
    expect(parseQuery('Dover, DE')).toMatchObject({ number: null, leading: ['DOVER'], locality: { city: [], states: ['DE'], looseStates: false } });
  });

  it('drops a trailing country', () => {
    expect(parseQuery('Dover, DE, United States')).toMatchObject({ leading: ['DOVER'], locality: { states: ['DE'] } });
  });

  it('takes a 5-digit first word for a house number when a street follows', () => {
    expect(parseQuery('12345 Main St')).toMatchObject({ number: '12345', zip: null, zipPrefix: null });
  });
});

describe('parseLocality', () => {
  it('finds the state by code, by name, or by the start of a name', () => {
    expect(parseLocality(['DOVER', 'DE'])).toEqual({ city: ['DOVER'], states: ['DE'], looseStates: false, zip: null });
    expect(parseLocality(['DOVER', 'DELAWARE', '19901'])).toEqual({ city: ['DOVER'], states: ['DE'], looseStates: false, zip: '19901' });
    expect(parseLocality(['CHARLESTON', 'WEST', 'VIRGINIA'])).toMatchObject({ city: ['CHARLESTON'], states: ['WV'] });
    expect(parseLocality(['DOVER', 'DEL'])).toEqual({ city: ['DOVER'], states: ['DE'], looseStates: true, zip: null });
  });

  it('keeps a lone state name as a city too', () => {
    expect(parseLocality(['WASHINGTON'])).toEqual({ city: ['WASHINGTON'], states: ['WA'], looseStates: true, zip: null });
    expect(parseLocality(['NEW', 'YORK'])).toEqual({ city: ['NEW', 'YORK'], states: ['NY'], looseStates: true, zip: null });
    expect(parseLocality(['DC'])).toEqual({ city: [], states: ['DC'], looseStates: false, zip: null });
  });
});
