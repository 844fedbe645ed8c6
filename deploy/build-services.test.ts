/**
 * What deploy/build-services.mjs and plain node rely on in the workspace packages' manifests:
 * every package Node runs names, for each export, its compiled file under the ust-compiled
 * condition (first, since Node takes the first condition that matches) and its TypeScript source
 * as the default that tsx, vitest, tsc and vite resolve.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiledPackages = [
  'schemas',
  'pipelines',
  ...fs
    .readdirSync(path.join(root, 'services'))
    .map((name) => `services/${name}`)
    .filter((name) => fs.existsSync(path.join(root, name, 'src'))),
];

describe('the compiled packages', () => {
  it('are the ones the build script compiles', () => {
    const script = fs.readFileSync(path.join(root, 'deploy/build-services.mjs'), 'utf8');
    expect(script).toContain("export const COMPILED_CONDITION = 'ust-compiled';");
    expect(script).toContain("return ['schemas', ...services, 'pipelines'];");
    expect(compiledPackages.length).toBeGreaterThan(5);
  });

  it.each(compiledPackages)('%s exports dist/ under ust-compiled and src/ by default', (name) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, name, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const entries = Object.entries(manifest.exports);
    expect(entries.length).toBeGreaterThan(0);
    for (const [subpath, target] of entries) {
      expect(Object.keys(target as object), `${name} ${subpath}`).toEqual(['ust-compiled', 'default']);
      const { 'ust-compiled': compiled, default: source } = target as Record<string, string>;
      expect(source, `${name} ${subpath}`).toMatch(/^\.\/src\/.+\.ts$/);
      expect(compiled, `${name} ${subpath}`).toBe(source?.replace('./src/', './dist/').replace(/\.ts$/, '.js'));
      expect(fs.existsSync(path.join(root, name, source ?? '')), `${name} ${source}`).toBe(true);
    }
  });
});
