import { describe, expect, it } from 'vitest';
import { MAX_CONTEXT_DEPTH } from '@ust/schemas';
import { checkContextDepth, nestsDeeperThan } from './json-depth.js';

/** `levels` arrays inside each other around `inner`. */
const nested = (levels: number, inner: unknown = 1): unknown => JSON.parse(`${'['.repeat(levels)}${JSON.stringify(inner)}${']'.repeat(levels)}`);

describe('how deep free-form JSON nests', () => {
  it('counts each array or object as a level, a value inside none as none', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }], c: 'x' }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }], c: 'x' }, 2)).toBe(true);
  });

  it('takes MAX_CONTEXT_DEPTH levels and refuses one more, naming the field and the limit', () => {
    expect(() => checkContextDepth(nested(MAX_CONTEXT_DEPTH - 1, { deepest: true }), 'body.details')).not.toThrow();
    expect(() => checkContextDepth(nested(MAX_CONTEXT_DEPTH, { deepest: true }), 'body.details')).toThrow(
      `body.details nests arrays or objects more than ${MAX_CONTEXT_DEPTH} levels deep`,
    );
  });

  it('walks a hundred thousand levels without recursion', () => {
    expect(() => checkContextDepth(nested(100_000), 'body.logs[0].context')).toThrow(/^body\.logs\[0]\.context nests/);
    expect(nestsDeeperThan(nested(100_000), 100_001)).toBe(false);
  });
});
