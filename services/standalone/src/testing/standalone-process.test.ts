import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { workspaceRoot } from '@ust/platform';
import { PNPM_START_ENVIRONMENT, PNPM_START_NODE_FLAGS } from './standalone-process.js';

it('launches the compiled platform with the V8 flags and environment `pnpm start` gives it, so benchmarks measure what users run', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const launch = /&& ((?:\w+=\S+ )*)exec node (.*?) --conditions=ust-compiled services\/standalone\/dist\/main\.js$/.exec(scripts.start);
  expect(launch?.[2]?.split(' ')).toEqual([...PNPM_START_NODE_FLAGS]);
  const environment = Object.fromEntries(
    (launch?.[1] ?? '')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=')),
  );
  expect(environment).toEqual({ ...PNPM_START_ENVIRONMENT });
});
