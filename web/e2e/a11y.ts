/**
 * Accessibility checks in the browser tests: axe-core's WCAG 2.1 A and AA rules run in the page
 * as it stands. A critical or serious violation fails the test with what and where; moderate and
 * minor ones are printed and let through.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './harness.js';

/** Where the app keeps the chosen theme (web/src/theme): set it and reload to see a screen in the other theme. */
const THEME_KEY = 'storage-tank-theme';

/** Reloads the page in a theme: 'default' (Professional Blue) or 'dark' (Midnight Pro), to check each. */
export async function reloadInTheme(page: Page, theme: 'default' | 'dark'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
  await page.reload();
}

/** The rule sets the checks run: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const BLOCKING: ReadonlySet<axe.ImpactValue> = new Set(['critical', 'serious']);

/** What one check found, by impact. */
export interface A11yReport {
  screen: string;
  url: string;
  blocking: axe.Result[];
  other: axe.Result[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** The colours and ratio axe measured for a colour-contrast node. */
function contrastOf(node: axe.NodeResult): string | undefined {
  const data = node.any.find((check) => check.id === 'color-contrast')?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string; fontSize?: string; fontWeight?: string } | undefined;
  if (!data?.fgColor) return undefined;
  return `${data.fgColor} on ${data.bgColor ?? '?'}: ${data.contrastRatio ?? '?'}:1, needs ${data.expectedContrastRatio ?? '?'} (${data.fontSize ?? '?'} ${data.fontWeight ?? ''})`.trim();
}

/** One line per node: its selector, and for colour contrast what was measured. */
export function describeViolation(violation: axe.Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' ');
    const contrast = contrastOf(node);
    return `    - ${target}${contrast ? ` [${contrast}]` : ''}`;
  });
  return [
    `  ${violation.id} (${violation.impact}, ${violation.nodes.length} node${violation.nodes.length === 1 ? '' : 's'}): ${violation.help}`,
    ...nodes,
  ].join('\n');
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now, writes the findings to
 * `screenshots/a11y-<screen>.json` (CI keeps the folder), and throws when any is critical or
 * serious.
 * @param screen a name for the screen and state checked, e.g. 'search-results'
 */
export async function expectAccessible(page: Page, screen: string): Promise<A11yReport> {
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const results = await page.evaluate((tags) => window.axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), WCAG_TAGS);
  const report: A11yReport = {
    screen,
    url: results.url,
    blocking: results.violations.filter((violation) => BLOCKING.has(violation.impact ?? null)),
    other: results.violations.filter((violation) => !BLOCKING.has(violation.impact ?? null)),
  };
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await writeFile(path.join(SCREENSHOT_DIR, `a11y-${screen}.json`), JSON.stringify(report, null, 2));
  if (report.other.length > 0) {
    console.info(`a11y ${screen}: ${report.other.length} moderate or minor rule(s) violated\n${report.other.map(describeViolation).join('\n')}`);
  }
  if (report.blocking.length > 0) {
    throw new Error(
      `a11y ${screen} (${results.url}): ${report.blocking.length} critical or serious rule(s) violated\n${report.blocking.map(describeViolation).join('\n')}`,
    );
  }
  return report;
}
