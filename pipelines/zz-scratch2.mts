import { loadCountyLocator } from '@ust/domain';
import { readSources } from './src/read/index.js';
const locator = loadCountyLocator();
const ctx = { importId: 'scratch', version: 1, sourceRoot: new URL('./fixtures', import.meta.url).pathname, asOf: new Date('2025-06-01T00:00:00Z') };
const want = (process.argv[2] ?? '').split(',');
for await (const item of readSources(['.'], ctx, locator)) {
  const r = item.record as Record<string, unknown>;
  const id = String(r.facility_id ?? '') + ' ' + String(r.release_id ?? '') + ' ' + String(r.tank_id ?? '');
  if (want.some((w) => id.includes(w)) || (item.kind === 'reject' && want.some((w) => `${r.file}:${r.line}` === w))) console.log(item.kind, JSON.stringify(r));
}
