/**
 * Cache key layout (DESIGN.md section 5). Keys of derived data carry the dataset version, so
 * a rebuild writes a new version beside the live one and switches `dataset:current` at once.
 */
export const DATASET_POINTER_KEY = 'dataset:current';

/** `v{version}:` — the prefix of every key of one dataset version. */
export function datasetVersionPrefix(version: number): string {
  if (!Number.isInteger(version) || version < 1) throw new Error(`Dataset version must be a positive integer, got ${version}`);
  return `v${version}:`;
}

/** Parses the version of a `v{n}:...` key; undefined for keys outside the layout. */
export function datasetVersionOfKey(key: string): number | undefined {
  const match = /^v(\d+):/.exec(key);
  return match ? Number(match[1]) : undefined;
}
