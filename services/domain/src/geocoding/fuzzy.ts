/**
 * Typo tolerance: optimal string alignment distance (insertions, deletions, substitutions and
 * swaps of neighbours), cut off early because only distances up to 2 matter.
 */

/** Edits allowed in a word of this length: none under 4 letters, one up to 7, two from 8. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** The distance between `a` and `b`, or Infinity when it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return Infinity;
    before = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance > max ? Infinity : distance;
}

/**
 * Whether a typed word is a typo of `word`. The last word of a query may still be being
 * typed, so it is compared with the start of `word` of the same length.
 */
export function isTypoOf(typed: string, word: string, partial: boolean): boolean {
  const max = allowedEdits(typed.length);
  // 'BLADENSB' is not a typo of 'BLADEN': it is another word that begins the same.
  if (max === 0 || (typed.length > word.length && typed.startsWith(word))) return false;
  if (editDistance(typed, word, max) <= max) return true;
  if (!partial || typed.length >= word.length) return false;
  // An unfinished word: compare with the starts of `word` of about its length.
  for (let length = Math.max(1, typed.length - max); length <= Math.min(word.length - 1, typed.length + max); length += 1) {
    if (editDistance(typed, word.slice(0, length), max) <= max) return true;
  }
  return false;
}
