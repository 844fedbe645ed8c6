/**
 * A Vite plugin that writes dist/.vite/bundle-contents.json: for each JavaScript file of the
 * build, what it holds (npm packages, and the app's own source folders) with their bytes before
 * minification, largest first. When a size budget fails (size-budgets.json), its message names
 * what the over-budget files hold from this, so a newcomer such as a schema library in the
 * landing chunk stands out without a rebuild.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const REPOSITORY = path.resolve(import.meta.dirname, '../..');

/** The npm package a module comes from, or the repository folder of one of the app's own files. */
export function ownerOf(moduleId: string): string {
  const packages = moduleId.lastIndexOf('/node_modules/');
  if (packages >= 0) {
    const [scopeOrName, name] = moduleId.slice(packages + '/node_modules/'.length).split('/');
    return scopeOrName!.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName!;
  }
  if (!path.isAbsolute(moduleId)) return moduleId;
  return path.dirname(path.relative(REPOSITORY, moduleId));
}

export function bundleContents(): Plugin {
  return {
    name: 'ust-bundle-contents',
    apply: 'build',
    generateBundle(_options, bundle) {
      const contents: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const held: Record<string, number> = {};
        for (const [moduleId, module] of Object.entries(output.modules)) {
          const owner = ownerOf(moduleId);
          held[owner] = (held[owner] ?? 0) + module.renderedLength;
        }
        contents[output.fileName] = Object.fromEntries(Object.entries(held).sort(([, a], [, b]) => b - a));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-contents.json', source: `${JSON.stringify(contents, null, 1)}\n` });
    },
  };
}
