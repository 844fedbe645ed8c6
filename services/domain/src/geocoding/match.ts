/**
 * Matching primitives: typed street words against a stored street, typed city/state/ZIP
 * against a stored locality, typed words against a place name. Words compare by their
 * canonical spelling (usps.ts); the last typed word may be unfinished.
 */
import { isTypoOf } from './fuzzy.js';
import { canonicalPlaceTokens, canonicalTokens } from './normalise.js';
import type { Locality } from './parse.js';
import { canonicalWord, isDirectional, longFormsOf, suffixAbbreviation } from './usps.js';

export interface Words {
  raw: readonly string[];
  canonical: readonly string[];
}

/** Street words. */
export const wordsOf = (raw: readonly string[]): Words => ({ raw, canonical: canonicalTokens(raw) });
/** City and place words: no street suffix applies ('Street, MD' is not 'St'). */
export const placeWordsOf = (raw: readonly string[]): Words => ({ raw, canonical: canonicalPlaceTokens(raw) });

/** Whether a word being typed may become `stored` ('BLAD' of 'BLADENSBURG', 'ROA' of 'RD'). */
export function mayBecome(typed: string, storedRaw: string, storedCanonical: string): boolean {
  return (
    storedRaw.startsWith(typed) ||
    storedCanonical.startsWith(typed) ||
    canonicalWord(typed) === storedCanonical ||
    longFormsOf(storedCanonical).some((form) => form.startsWith(typed))
  );
}

export type StreetMatchKind = 'exact' | 'prefix' | 'fuzzy';

export interface StreetMatch {
  kind: StreetMatchKind;
  /** Typed words the street used; the rest may be the locality. */
  consumed: number;
  /** True when the street matched only if the words after it are its locality. */
  needsLocality: boolean;
  /** True when a pre-directional was on one side only. */
  skippedDirectional: boolean;
}

const isTail = (word: string) => isDirectional(word) || suffixAbbreviation(word) !== undefined;

/**
 * Typed words (after the house number) against a stored street:
 * - exact: every stored word typed ('BLADENSBURG RD NE'), or all but a trailing directional;
 * - prefix: the typed words begin the street ('BLADENSBURG R', 'BLADENSBURG');
 * - fuzzy: the first word is a typo of the street's first word ('BLADENSBERG');
 * and null when the street cannot be what was typed.
 */
export function matchStreet(typed: Words, stored: Words): StreetMatch | null {
  const direct = matchWords(typed, stored);
  if (direct) return direct;
  // A pre-directional typed but not stored, or stored but not typed ('2181 DUPONT HWY' for 'S DUPONT HWY').
  // Only when a name is left: in 'SOUTH ST' the 'SOUTH' is the name.
  if (isDirectional(typed.canonical[0] ?? '') && hasName(typed.canonical.slice(1))) {
    const match = matchWords(dropFirst(typed), stored);
    if (match) return { ...match, consumed: match.consumed + 1, skippedDirectional: true };
  }
  if (isDirectional(stored.canonical[0] ?? '') && hasName(stored.canonical.slice(1))) {
    const match = matchWords(typed, dropFirst(stored));
    if (match) return { ...match, skippedDirectional: true };
  }
  return null;
}

const hasName = (words: readonly string[]) => words.some((word) => !isTail(word));
const dropFirst = (words: Words): Words => ({ raw: words.raw.slice(1), canonical: words.canonical.slice(1) });

function matchWords(typed: Words, stored: Words): StreetMatch | null {
  const q = typed.canonical;
  const e = stored.canonical;
  if (q.length === 0 || e.length === 0) return null;
  let m = 0;
  while (m < q.length && m < e.length && q[m] === e[m]) m += 1;
  const onlyDirectionalsFrom = (from: number) => e.slice(from).every(isDirectional);
  const found = (kind: StreetMatchKind, consumed: number, needsLocality = false): StreetMatch => ({ kind, consumed, needsLocality, skippedDirectional: false });
  if (m === e.length) return found('exact', m);
  if (m === q.length) return found(onlyDirectionalsFrom(m) ? 'exact' : 'prefix', m);
  if (m === q.length - 1 && mayBecome(typed.raw[m]!, stored.raw[m]!, e[m]!)) return found('prefix', m + 1);
  // 'BLADENSBURG WASHINGTON': the street's name was typed, its suffix left out, then the city.
  if (m >= 1 && e.slice(m).every(isTail)) return found(onlyDirectionalsFrom(m) ? 'exact' : 'prefix', m, true);
  if (m === 0 && (isTypoOf(typed.raw[0]!, stored.raw[0]!, q.length === 1) || isTypoOf(q[0]!, e[0]!, q.length === 1))) {
    let consumed = 1;
    while (consumed < q.length && consumed < e.length && q[consumed] === e[consumed]) consumed += 1;
    return found('fuzzy', consumed);
  }
  return null;
}

/** What a stored point's locality is. */
export interface StoredLocality {
  /** City tokens, canonical as place words. */
  city: readonly string[];
  state: string;
  zip: string | null;
}

export interface LocalityFit {
  /** Typed parts that agree (a ZIP counts twice). */
  agree: number;
  /** Typed parts that neither agree nor contradict (a city by another name). */
  unmatched: number;
  /** A typed ZIP or state that says it is somewhere else. */
  conflict: boolean;
}

export function fitLocality(typed: Locality | null, stored: StoredLocality): LocalityFit {
  const fit: LocalityFit = { agree: 0, unmatched: 0, conflict: false };
  if (!typed) return fit;
  if (typed.zip && stored.zip) {
    if (typed.zip === stored.zip) fit.agree += 2;
    else fit.conflict = true;
  }
  if (typed.states.length > 0) {
    if (typed.states.includes(stored.state)) fit.agree += 1;
    else if (typed.looseStates) fit.unmatched += 1;
    else fit.conflict = true;
  }
  if (typed.city.length > 0) {
    if (beginsName(placeWordsOf(typed.city), stored.city)) fit.agree += 1;
    else fit.unmatched += 1;
  }
  return fit;
}

/** Whether typed words are a name or its beginning (the last word may be unfinished). */
export function beginsName(typed: Words, name: readonly string[]): boolean {
  const q = typed.canonical;
  if (q.length === 0 || q.length > name.length) return false;
  const last = q.length - 1;
  for (let index = 0; index < last; index += 1) if (q[index] !== name[index]) return false;
  return q[last] === name[last] || mayBecome(typed.raw[last]!, name[last]!, name[last]!);
}

export type NameMatchKind = 'exact' | 'prefix' | 'fuzzy';

/** Typed words against a place's canonical name variants ('ST LOUIS', 'SAINT LOUIS'). */
export function matchName(typed: Words, variants: readonly string[]): NameMatchKind | null {
  const joined = typed.canonical.join(' ');
  let best: NameMatchKind | null = null;
  for (const variant of variants) {
    if (variant === joined) return 'exact';
    if (beginsName(typed, variant.split(' '))) best = 'prefix';
    else if (!best && isTypoOf(joined, variant, true)) best = 'fuzzy';
  }
  return best;
}
