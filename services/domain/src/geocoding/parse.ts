/**
 * What a typed query may mean: a street address (house number first), a ZIP, a place
 * ('Dover, DE'), or a street without a number. The matcher tries every reading that applies
 * and the ranking decides; the parser never has to be sure.
 */
import { isHouseNumber, isStateCode, isZip, stateCodeOfTokens, statesNamedLike, tokenize, withoutUnits } from './normalise.js';

/** Suggestions are asked for above 2 characters (docs/product.md section 9). */
export const MIN_QUERY_CHARS = 3;
/** Longer queries are refused (the route answers 400). */
export const MAX_QUERY_CHARS = 200;

/** City, state and ZIP typed after a street or as a place. */
export interface Locality {
  /** City tokens (not canonical), possibly empty. */
  city: string[];
  /** State codes the text may name: one for 'DE' or 'Delaware', several for a prefix 'NEW'. */
  states: string[];
  /**
   * True when the states are a guess that may be wrong ('Washington' alone may be the city,
   * 'Del' may begin a city): a place in another state is then ranked lower, not left out.
   */
  looseStates: boolean;
  /** A complete 5-digit ZIP. */
  zip: string | null;
}

export interface ParsedQuery {
  /** The query as typed, trimmed. */
  text: string;
  /** House number when the query starts with one and a street word follows. */
  number: string | null;
  /** Tokens after the house number, units dropped: the street then, maybe, the locality. */
  afterNumber: string[];
  /** Tokens of the first comma-separated part when it has no house number (a street or a place). */
  leading: string[];
  /** Locality from the parts after the first comma; null when there is no comma. */
  locality: Locality | null;
  /** The whole query is 3 to 5 digits: a ZIP being typed. */
  zipPrefix: string | null;
  /** A complete ZIP anywhere after the first token. */
  zip: string | null;
}

const COUNTRY = new Set(['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** Null when the query is too short to mean anything (under MIN_QUERY_CHARS). */
export function parseQuery(query: string): ParsedQuery | null {
  const text = query.trim();
  if (text.length < MIN_QUERY_CHARS) return null;
  const parts = text
    .split(',')
    .map(tokenize)
    .filter((part) => part.length > 0);
  // A suggestion picked from an external provider may end in ', United States'.
  if (parts.length > 1 && COUNTRY.has(parts[parts.length - 1]!.join(' '))) parts.pop();
  const first = parts[0] ?? [];
  if (first.length === 0) return null;
  const all = parts.flat();
  const zipPrefix = all.length === 1 && /^\d{3,5}$/.test(all[0]!) ? all[0]! : null;
  const zip = all.slice(1).find(isZip)?.slice(0, 5) ?? (zipPrefix?.length === 5 ? zipPrefix : null);
  const numbered = first.length > 1 && isHouseNumber(first[0]!);
  return {
    text,
    number: numbered ? first[0]! : null,
    afterNumber: numbered ? withoutUnits(first).slice(1) : [],
    leading: numbered ? [] : first,
    locality: parts.length > 1 ? parseLocality(parts.slice(1).flat()) : null,
    zipPrefix,
    zip,
  };
}

/**
 * City, state and ZIP from tokens such as 'WASHINGTON DC 20002' or 'DOVER DELAWARE'. The
 * state is the last token when it is a code, or trailing words that name a state (or begin
 * one, while typed: 'DEL'); a lone state name stays the city too ('NEW YORK').
 */
export function parseLocality(tokens: readonly string[]): Locality {
  const rest = [...tokens];
  let zip: string | null = null;
  const zipAt = rest.findIndex(isZip);
  if (zipAt >= 0) {
    zip = rest[zipAt]!.slice(0, 5);
    rest.splice(zipAt, 1);
  }
  for (let words = Math.min(3, rest.length - 1); words >= 1; words -= 1) {
    const tail = rest.slice(rest.length - words);
    const named = words === 1 && isStateCode(tail[0]!) ? tail[0]! : stateCodeOfTokens(tail);
    if (named) return { city: rest.slice(0, rest.length - words), states: [named], looseStates: false, zip };
  }
  const last = rest[rest.length - 1];
  if (rest.length > 1 && last) {
    const states = statesNamedLike(last);
    if (states.length > 0) return { city: rest.slice(0, -1), states, looseStates: true, zip };
  }
  // A lone code ('DC') is a state; a lone name ('Washington', 'New York') may be either.
  if (rest.length === 1 && isStateCode(rest[0]!)) return { city: [], states: [rest[0]!], looseStates: false, zip };
  const named = stateCodeOfTokens(rest);
  return { city: rest, states: named ? [named] : [], looseStates: true, zip };
}
