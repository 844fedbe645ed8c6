import { stateCodeOfName, stateFipsOf } from '@ust/domain';

/**
 * A state column -> USPS code: 'DE', 'Vt' (Vermont writes one row so) or a full name as the
 * tribal UST Finder files use ('Maine' -> 'ME'). Null when blank or not a US state/territory.
 */
export function normaliseState(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (/^[A-Za-z]{2}$/.test(text) && stateFipsOf(text) !== null) return text.toUpperCase();
  return stateCodeOfName(text) ?? null;
}
