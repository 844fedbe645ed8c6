/**
 * Size budgets: what a browser downloads may not grow unnoticed. Sizes are deterministic (unlike
 * times), so a test compares each measured part with its budget in size-budgets.json, at the
 * repository's root, one line per part. Raising a budget is a reviewed one-line change there; a
 * part with no budget fails too, so a new chunk or document gets one from the start.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { workspaceRoot } from '@ust/platform';

export const SIZE_BUDGETS_FILE = path.join(workspaceRoot, 'size-budgets.json');

export type BudgetSection = 'web' | 'documents';

/** One measured part: its gzipped bytes, the built files they come from if any, and what those hold (bytes before minification). */
export interface MeasuredPart {
  name: string;
  gzipBytes: number;
  files: readonly string[];
  holds?: Readonly<Record<string, number>>;
}

interface SizeBudgets {
  web: Record<string, number>;
  documents: Record<string, number>;
}

export function sizeBudgets(section: BudgetSection): Readonly<Record<string, number>> {
  const budgets = JSON.parse(readFileSync(SIZE_BUDGETS_FILE, 'utf8')) as SizeBudgets;
  return budgets[section];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const size = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes (${kb(bytes)})`;

function whatItHolds(part: MeasuredPart): string {
  const held = Object.entries(part.holds ?? {}).slice(0, 8);
  if (held.length === 0) return '';
  return `; it holds, largest first (before minification): ${held.map(([owner, bytes]) => `${owner} ${kb(bytes)}`).join(', ')}`;
}

/**
 * One message per part over its budget or without one, and per budget whose part no longer
 * exists (a renamed chunk would otherwise leave its line behind unchecked); none when all fit.
 */
export function budgetProblems(section: BudgetSection, parts: readonly MeasuredPart[]): string[] {
  const budgets = sizeBudgets(section);
  const problems: string[] = [];
  for (const part of parts) {
    const budget = budgets[part.name];
    const files = part.files.length > 0 ? ` (${part.files.join(', ')})` : '';
    if (budget === undefined) {
      problems.push(
        `"${part.name}"${files} is ${size(part.gzipBytes)} gzipped and has no budget: add a line for it to ${path.basename(SIZE_BUDGETS_FILE)}'s "${section}"`,
      );
    } else if (part.gzipBytes > budget) {
      problems.push(
        `"${part.name}"${files} is ${size(part.gzipBytes)} gzipped, ${size(part.gzipBytes - budget)} over its budget of ${size(budget)}${whatItHolds(part)}`,
      );
    }
  }
  const measured = new Set(parts.map((part) => part.name));
  for (const name of Object.keys(budgets)) {
    if (!measured.has(name))
      problems.push(`"${name}" has a budget in ${path.basename(SIZE_BUDGETS_FILE)}'s "${section}" but no longer exists: remove its line`);
  }
  return problems;
}
