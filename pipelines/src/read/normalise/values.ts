/**
 * Cell-level normalisers shared by every reader. They never throw: a value they cannot read
 * comes back as `undefined` so that the caller decides whether that is a reject.
 */

/** Spellings that state exports use for "no value". Compared lower-cased and trimmed. */
const NULL_SPELLINGS = new Set(['', 'unknown', 'n/a', 'na', 'null']);

/**
 * Trimmed text, or null for blank and "unknown" spellings. Line breaks inside quoted cells
 * (DC and tribal addresses hold two address lines in one cell) become ', ' so that the value
 * stays on one line in tables and the UI.
 */
export function cleanText(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value
    .split(/\r\n|\r|\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join(', ');
  return NULL_SPELLINGS.has(text.toLowerCase()) ? null : text;
}

/** Yes/No -> boolean; blank or unknown -> null; any other text -> undefined (unreadable). */
export function parseYesNo(value: string | undefined): boolean | null | undefined {
  const text = cleanText(value);
  if (text === null) return null;
  switch (text.toLowerCase()) {
    case 'yes':
    case 'y':
    case 'true':
      return true;
    case 'no':
    case 'n':
    case 'false':
      return false;
    default:
      return undefined;
  }
}

/** A finite number (pandas writes integers as '1000.0'); null when blank; undefined when unreadable. */
export function parseNumber(value: string | undefined): number | null | undefined {
  const text = cleanText(value);
  if (text === null) return null;
  const compact = text.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(compact)) return undefined;
  const parsed = Number(compact);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A whole number ('001' -> 1, '3.0' -> 3); null when blank; undefined when unreadable or fractional. */
export function parseInteger(value: string | undefined): number | null | undefined {
  const parsed = parseNumber(value);
  if (parsed === null || parsed === undefined) return parsed;
  return Number.isInteger(parsed) ? parsed : undefined;
}

/** Distinct non-null values in first-seen order, '; '-joined (the schema's list format), or null. */
export function joinDistinct(values: Iterable<string | null>): string | null {
  const seen: string[] = [];
  for (const value of values) {
    if (value === null) continue;
    // Tribal files already hold '; '-joined lists: split so that a substance is not listed twice.
    for (const part of value.split(';')) {
      const item = part.trim();
      if (item && !seen.includes(item)) seen.push(item);
    }
  }
  return seen.length > 0 ? seen.join('; ') : null;
}
