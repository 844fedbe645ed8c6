import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { workspaceRoot } from '@ust/platform';
import { PNPM_START_NODE_FLAGS } from './standalone-process.js';

it('launches the compiled platform with the V8 flags `pnpm start` gives it, so benchmarks measure what users run', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const startFlags = /exec node (.*?) --conditions=ust-compiled services\/standalone\/dist\/main\.js$/.exec(scripts.start)?.[1]?.split(' ');
  expect(startFlags).toEqual([...PNPM_START_NODE_FLAGS]);
});
