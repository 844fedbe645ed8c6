/**
 * Address text to comparable tokens. Index and queries are normalised by the same functions,
 * so a typed 'Bladensburg Road Northeast' meets a stored '1016 BLADENSBURG RD NE'.
 */
import { STATE_CODES } from '../state-codes.js';
import { canonicalWord, directionalAbbreviation, isDirectional, suffixAbbreviation, UNIT_DESIGNATORS } from './usps.js';

const STATE_CODE_SET: ReadonlySet<string> = new Set(Object.values(STATE_CODES).map((state) => state.code));
/** Normalised state name -> USPS code ('DISTRICT OF COLUMBIA' -> 'DC'). */
const STATE_BY_NAME: ReadonlyMap<string, string> = new Map(Object.values(STATE_CODES).map((state) => [tokenize(state.name).join(' '), state.code]));

/**
 * Upper case ASCII tokens: accents dropped, apostrophes and periods removed ('D.C.' -> 'DC'),
 * '#' split off, hyphens and slashes kept only between digits ('12-14', '20002-1234').
 */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’.]/g, '')
    .replace(/#/g, ' # ')
    .replace(/(?<!\d)[-/]|[-/](?!\d)/g, ' ')
    .replace(/[^A-Z0-9&#\-/ ]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

/** A house number: '1016', '1016A', '12-14', or a Wisconsin grid number 'N123W4567'. */
export function isHouseNumber(token: string): boolean {
  return /^\d+[A-Z]?$/.test(token) || /^\d+-\d+[A-Z]?$/.test(token) || /^[NSEW]\d+[NSEW]\d+$/.test(token);
}

export function isZip(token: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(token);
}

export function isStateCode(token: string): boolean {
  return STATE_CODE_SET.has(token);
}

/** USPS code of a whole normalised state name, or undefined. */
export function stateCodeOfTokens(tokens: readonly string[]): string | undefined {
  return STATE_BY_NAME.get(tokens.join(' '));
}

/** State codes whose name starts with `prefix` (at least 3 letters: 'DEL' -> DE). */
export function statesNamedLike(prefix: string): string[] {
  if (prefix.length < 3) return [];
  return [...STATE_BY_NAME].filter(([name]) => name.startsWith(prefix)).map(([, code]) => code);
}

/**
 * Drops secondary units ('STE 200', 'APT 4B', '# 5'): a unit designator after at least two
 * tokens, followed by a short identifier that is not a ZIP ('FL 33101' is Florida).
 */
export function withoutUnits(tokens: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    const isUnit =
      index >= 2 && UNIT_DESIGNATORS.has(token) && next !== undefined && next.length <= 5 && !isZip(next) && (/\d/.test(next) || next.length === 1);
    if (isUnit) index += 1;
    else if (token === '#' && index >= 2) continue;
    else kept.push(token);
  }
  return kept;
}

/** A street line as the index keeps it: house number (or null) and street tokens. */
export interface StreetLine {
  number: string | null;
  street: string[];
}

/**
 * The first line of an address (source records put a second line after a newline), units
 * dropped, USPS abbreviations in the suffix and directional positions: '2181 South DuPont
 * Highway' -> 2181 + ['S', 'DUPONT', 'HWY']. Null when nothing is left.
 */
export function normaliseStreet(address: string): StreetLine | null {
  const tokens = withoutUnits(tokenize(address.split(/\r?\n/)[0] ?? ''));
  if (tokens.length === 0) return null;
  const number = isHouseNumber(tokens[0]!) && tokens.length > 1 ? tokens[0]! : null;
  const street = number === null ? tokens : tokens.slice(1);
  const last = street.length - 1;
  // Abbreviate the post-directional, then the suffix before it, then a pre-directional; a
  // one-word name such as 'NORTH ST' or 'PARK AVE' keeps its name word.
  let suffixAt = last;
  if (last >= 1 && directionalAbbreviation(street[last]!)) {
    street[last] = directionalAbbreviation(street[last]!)!;
    suffixAt = last - 1;
  }
  if (suffixAt >= 1 && suffixAbbreviation(street[suffixAt]!)) street[suffixAt] = suffixAbbreviation(street[suffixAt]!)!;
  if (street.length >= 3 && directionalAbbreviation(street[0]!)) street[0] = directionalAbbreviation(street[0]!)!;
  return { number, street };
}

/** Tokens as the matcher compares them (see canonicalWord). */
export function canonicalTokens(tokens: readonly string[]): string[] {
  return tokens.map(canonicalWord);
}

/** Words that mean the same in place names ('St. Louis', 'Saint Louis'); street suffixes do not apply. */
const PLACE_WORDS: Record<string, string> = {
  SAINT: 'ST',
  STE: 'ST',
  SAINTE: 'ST',
  FORT: 'FT',
  MOUNT: 'MT',
  MOUNTAIN: 'MTN',
  PORT: 'PT',
  POINT: 'PT',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
};

/** Place-name tokens as the matcher compares them ('SAINT LOUIS' -> 'ST LOUIS'). */
export function canonicalPlaceTokens(tokens: readonly string[]): string[] {
  return tokens.map((token) => PLACE_WORDS[token] ?? token);
}

/**
 * A city as the index keeps it: tokens without a trailing state ('Washington DC' in DC ->
 * ['WASHINGTON']).
 */
export function normaliseCity(city: string | null, state: string): string[] {
  const tokens = tokenize(city ?? '');
  if (tokens.length > 1 && tokens[tokens.length - 1] === state) tokens.pop();
  return tokens;
}

/** Title case for display, keeping directionals and state codes upper case ('NE', 'DC'). */
export function displayTokens(tokens: readonly string[]): string {
  return tokens
    .map((token) => {
      if (/\d/.test(token)) return token.toLowerCase().replace(/^[a-z]/, (letter) => letter.toUpperCase());
      if (token.length <= 2 && (isDirectional(token) || isStateCode(token))) return token;
      return token.charAt(0) + token.slice(1).toLowerCase();
    })
    .join(' ');
}

/**
 * The name variants a place is found by: canonical ('ST LOUIS') and, when it starts with an
 * abbreviation, spelled out ('SAINT LOUIS'), so 'Sai' finds St. Louis while still being typed.
 */
export function placeNameVariants(name: string, state: string): string[][] {
  const canonical = canonicalPlaceTokens(normaliseCity(name, state));
  const spelled: Record<string, string> = { ST: 'SAINT', FT: 'FORT', MT: 'MOUNT' };
  const first = canonical[0];
  return first && spelled[first] ? [canonical, [spelled[first]!, ...canonical.slice(1)]] : [canonical];
}
