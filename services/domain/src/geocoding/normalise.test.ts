import { describe, expect, it } from 'vitest';
import { canonicalTokens, displayTokens, normaliseCity, normaliseStreet, placeNameVariants, tokenize, withoutUnits } from './normalise.js';
import { editDistance, isTypoOf } from './fuzzy.js';

describe('tokenize', () => {
  it('upper-cases, drops accents and punctuation, keeps digit ranges and ZIP+4', () => {
    expect(tokenize('1016 Bladensburg Rd. N.E., Washington, D.C. 20002-1234')).toEqual(['1016', 'BLADENSBURG', 'RD', 'NE', 'WASHINGTON', 'DC', '20002-1234']);
    expect(tokenize('12-14 Doña Ana St #5')).toEqual(['12-14', 'DONA', 'ANA', 'ST', '#', '5']);
    expect(tokenize("O'Neil Ave / US-13")).toEqual(['ONEIL', 'AVE', 'US', '13']);
  });
});

describe('normaliseStreet', () => {
  it('abbreviates the suffix and the directionals the USPS way', () => {
    expect(normaliseStreet('2181 South DuPont Highway')).toEqual({ number: '2181', street: ['S', 'DUPONT', 'HWY'] });
    expect(normaliseStreet('1016 Bladensburg Road Northeast')).toEqual({ number: '1016', street: ['BLADENSBURG', 'RD', 'NE'] });
    expect(normaliseStreet('4700 SHEPHERD PW SW')).toEqual({ number: '4700', street: ['SHEPHERD', 'PKWY', 'SW'] });
  });

  it('keeps a name word that looks like a suffix or a directional', () => {
    expect(normaliseStreet('12 Lake Street')).toEqual({ number: '12', street: ['LAKE', 'ST'] });
    expect(normaliseStreet('5 North Street')).toEqual({ number: '5', street: ['NORTH', 'ST'] });
  });

  it('drops units and second lines, and keeps addresses without a house number', () => {
    expect(normaliseStreet('100 Main St Suite 200')).toEqual({ number: '100', street: ['MAIN', 'ST'] });
    expect(normaliseStreet('100 Main St Apt 4B')).toEqual({ number: '100', street: ['MAIN', 'ST'] });
    expect(normaliseStreet('14 E ST SE\nCAPITOL GROUNDS GARAGE')).toEqual({ number: '14', street: ['E', 'ST', 'SE'] });
    expect(normaliseStreet('N JERSEY AV & C ST NW')).toEqual({ number: null, street: ['N', 'JERSEY', 'AV', '&', 'C', 'ST', 'NW'] });
    expect(normaliseStreet('N123W4567 Main St')).toEqual({ number: 'N123W4567', street: ['MAIN', 'ST'] });
    expect(normaliseStreet('  ')).toBeNull();
  });

  it('does not take a Florida state code before a ZIP for a floor', () => {
    expect(withoutUnits(['100', 'MAIN', 'ST', 'MIAMI', 'FL', '33101'])).toEqual(['100', 'MAIN', 'ST', 'MIAMI', 'FL', '33101']);
    expect(withoutUnits(['100', 'MAIN', 'ST', 'FL', '2'])).toEqual(['100', 'MAIN', 'ST']);
  });
});

describe('canonical words', () => {
  it('makes the spellings of a suffix, a directional, SAINT and ordinals one word', () => {
    expect(canonicalTokens(['SAINT', 'CHARLES', 'AVENUE', 'NORTHEAST'])).toEqual(['ST', 'CHARLES', 'AVE', 'NE']);
    expect(canonicalTokens(['FIRST', 'STREET'])).toEqual(['1ST', 'ST']);
    expect(canonicalTokens(['LAKE', 'ST'])).toEqual(['LK', 'ST']);
  });
});

describe('cities and places', () => {
  it('drops a trailing state from a city', () => {
    expect(normaliseCity('Washington DC', 'DC')).toEqual(['WASHINGTON']);
    expect(normaliseCity('Dover', 'DE')).toEqual(['DOVER']);
    expect(normaliseCity(null, 'DE')).toEqual([]);
  });

  it('finds a place by its abbreviated and spelled-out names, but not by street suffixes', () => {
    expect(placeNameVariants('St. Louis', 'MO')).toEqual([
      ['ST', 'LOUIS'],
      ['SAINT', 'LOUIS'],
    ]);
    expect(placeNameVariants('Fort Worth', 'TX')).toEqual([
      ['FT', 'WORTH'],
      ['FORT', 'WORTH'],
    ]);
    expect(placeNameVariants('Street', 'MD')).toEqual([['STREET']]);
  });

  it('shows tokens in title case, directionals and state codes upper case', () => {
    expect(displayTokens(['BLADENSBURG', 'RD', 'NE'])).toBe('Bladensburg Rd NE');
    expect(displayTokens(['E', 'ST', 'SE'])).toBe('E St SE');
    expect(displayTokens(['W', '1ST', 'AVE'])).toBe('W 1st Ave');
  });
});

describe('typos', () => {
  it('counts edits, swaps of neighbours as one', () => {
    expect(editDistance('BLADENSBERG', 'BLADENSBURG', 2)).toBe(1);
    expect(editDistance('DOVRE', 'DOVER', 1)).toBe(1);
    expect(editDistance('ABC', 'XYZ', 1)).toBe(Infinity);
  });

  it('allows none under 4 letters and compares an unfinished word with the start of the other', () => {
    expect(isTypoOf('DOV', 'DAV', false)).toBe(false);
    expect(isTypoOf('BLADEN', 'BLADENSBURG', false)).toBe(false);
    expect(isTypoOf('BLDEN', 'BLADENSBURG', true)).toBe(true);
  });
});
