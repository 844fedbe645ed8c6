/**
 * What a browser downloads from the built web app, part by part, from the Vite manifest
 * (web/dist/.vite/manifest.json), gzipped as the gateway sends it:
 * - `landing JS` and `landing CSS`: the entry (index.html) with everything it imports statically,
 *   which Vite preloads: all a signed-out visitor's first page needs;
 * - for each chunk loaded on demand (a screen, the admin console, the ID-token check, MapLibre):
 *   its JS and CSS with their static imports, less what the landing already loaded;
 * - every other file on its own (the sign-in iframe's page script, the map's worker and atlases).
 * A part is named by its source (a path in web/, or a file in an npm package), never by a hash.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { workspaceRoot } from '@ust/platform';
import type { MeasuredPart } from './size-budgets.js';

export const WEB_DIST = path.join(workspaceRoot, 'web/dist');
const LANDING = 'index.html';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;
/** What each JS file holds, written by web/scripts/bundle-contents.ts. */
type BundleContents = Record<string, Record<string, number>>;

/** A manifest key without the pnpm store's path: '../node_modules/.pnpm/x@1/node_modules/x/dist/x.mjs' is 'x/dist/x.mjs'. */
function sourceName(key: string): string {
  const packages = key.lastIndexOf('node_modules/');
  return packages >= 0 ? key.slice(packages + 'node_modules/'.length) : key;
}

export function webBundleParts(webDist = WEB_DIST): MeasuredPart[] {
  const read = (file: string) => readFileSync(path.join(webDist, file));
  const manifest = JSON.parse(read('.vite/manifest.json').toString('utf8')) as Manifest;
  const contents = JSON.parse(read('.vite/bundle-contents.json').toString('utf8')) as BundleContents;
  const gzipBytes = new Map<string, number>();
  const gzipped = (file: string) => {
    let bytes = gzipBytes.get(file);
    if (bytes === undefined) gzipBytes.set(file, (bytes = gzipSync(read(file)).length));
    return bytes;
  };

  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest of ${webDist}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
    return seen;
  };
  const counted = new Set<string>();
  const part = (name: string, files: string[]): MeasuredPart => {
    for (const file of files) counted.add(file);
    const holds: Record<string, number> = {};
    for (const file of files) for (const [owner, bytes] of Object.entries(contents[file] ?? {})) holds[owner] = (holds[owner] ?? 0) + bytes;
    const largestFirst = Object.entries(holds)
      .filter(([, bytes]) => bytes > 0)
      .sort(([, a], [, b]) => b - a);
    return { name, gzipBytes: files.reduce((total, file) => total + gzipped(file), 0), files, holds: Object.fromEntries(largestFirst) };
  };
  const jsAndCss = (name: string, keys: Set<string>, except: Set<string>): MeasuredPart[] => {
    const js = [...keys].map((key) => manifest[key]!.file).filter((file) => !except.has(file));
    const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !except.has(file));
    return [part(`${name} JS`, js), ...(css.length > 0 ? [part(`${name} CSS`, css)] : [])];
  };

  const landing = staticClosure(LANDING);
  const parts = jsAndCss('landing', landing, new Set());
  const landingFiles = new Set(parts.flatMap((landingPart) => landingPart.files));
  const onDemand = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry)
    .sort();
  for (const key of onDemand) parts.push(...jsAndCss(sourceName(key), staticClosure(key), landingFiles));
  const files = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    files.set(chunk.file, sourceName(key));
    for (const asset of chunk.assets ?? []) files.set(asset, files.get(asset) ?? path.basename(asset));
  }
  for (const [file, name] of [...files].sort(([, a], [, b]) => a.localeCompare(b))) {
    if (!counted.has(file) && !file.endsWith('.css')) parts.push(part(name, [file]));
  }
  return parts;
}
