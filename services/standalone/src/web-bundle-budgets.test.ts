/**
 * The web app's size budgets (size-budgets.json, "web"): the landing JavaScript with its
 * preloads, each chunk loaded on demand with its CSS, and every other file of web/dist, gzipped.
 * `pnpm test` builds the app before the suites; alone, build it first (pnpm --filter @ust/web build).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetProblems } from './testing/size-budgets.js';
import { WEB_DIST, webBundleParts } from './testing/web-bundle-parts.js';

describe('web bundle size budgets', () => {
  it('every part of the built web app is within its budget, and every part has one', () => {
    expect(existsSync(path.join(WEB_DIST, '.vite/bundle-contents.json')), `build the web app first: ${WEB_DIST} has no .vite/bundle-contents.json`).toBe(true);
    expect(budgetProblems('web', webBundleParts())).toEqual([]);
  });
});
