import { loadCountyLocator } from '@ust/domain';
import { readSources } from './src/read/index.js';
const locator = loadCountyLocator();
const ctx = { importId: 'scratch', version: 1, sourceRoot: new URL('./fixtures', import.meta.url).pathname, asOf: new Date('2025-06-01T00:00:00Z') };
const s: Record<string, number> = {};
const inc = (k: string) => (s[k] = (s[k] ?? 0) + 1);
for await (const item of readSources(['.'], ctx, locator)) {
  const f = item.kind === 'reject' ? item.record.file : item.record.source;
  if (item.kind === 'release') { inc(`${f} linked=${item.record.facility_id !== null}`); inc(`${f} class=${item.record.status_class}`); }
  if (item.kind === 'tank') inc(`${f} status=${item.record.tank_status}`);
  if (item.kind === 'facility') inc(`${f} method=${item.record.mapping_method}`);
}
console.log(Object.entries(s).sort().map(([a, b]) => `${a}: ${b}`).join('\n'));
