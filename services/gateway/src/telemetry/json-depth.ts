/**
 * Free-form JSON a browser sends (a log entry's context, an activity's details) is refused past
 * MAX_CONTEXT_DEPTH levels, before anything walks it: JSON.parse takes a hundred thousand levels,
 * JSON.stringify and every other recursive reader overflow the stack on them.
 */
import { MAX_CONTEXT_DEPTH } from '@ust/schemas';
import { InvalidFieldsError } from '../plugins/invalid-fields.js';

/** Whether `value` holds arrays or objects more than `limit` levels deep; walked level by level, without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; ; depth++) {
    const containers = level.filter((item): item is object => typeof item === 'object' && item !== null);
    if (containers.length === 0) return false;
    if (depth === limit) return true;
    level = containers.flatMap((container) => Object.values(container));
  }
}

/** Throws the 400 naming `field` (`body.logs[3].context`) when `value` nests deeper than MAX_CONTEXT_DEPTH. */
export function checkContextDepth(value: unknown, field: string): void {
  if (nestsDeeperThan(value, MAX_CONTEXT_DEPTH)) {
    throw new InvalidFieldsError([{ field, reason: `nests arrays or objects more than ${MAX_CONTEXT_DEPTH} levels deep` }]);
  }
}
