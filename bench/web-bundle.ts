/**
 * What the browser downloads, part by part, against the size budgets (size-budgets.json): the
 * landing JavaScript with its preloads, each chunk loaded on demand less what the landing
 * loaded, and every other file of web/dist, gzipped (services/standalone/src/testing/web-bundle-parts.ts).
 * `pnpm test` fails on a part over its budget; this prints them all, with what each holds.
 * How soon the pages can be used is bench/walkthrough.ts.
 *
 *   npx -y pnpm@10.34.9 --filter @ust/web build && npx tsx bench/web-bundle.ts
 */
import { sizeBudgets } from '@ust/standalone/size-budgets';
import { webBundleParts } from '@ust/standalone/web-bundle-parts';
import { printTable } from './table.js';

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const budgets = sizeBudgets('web');
printTable(
  'Gzipped KB per part of the web app, against its budget',
  webBundleParts().map((part) => {
    const budget = budgets[part.name];
    return {
      part: part.name,
      files: part.files.length,
      'KB gz': kb(part.gzipBytes),
      'budget KB': budget === undefined ? 'none' : kb(budget),
      'of budget': budget === undefined ? '' : `${Math.round((100 * part.gzipBytes) / budget)} %`,
      'largest held (before minification)': Object.keys(part.holds ?? {})
        .slice(0, 3)
        .join(', '),
    };
  }),
);
