import { loadCountyLocator } from '@ust/domain';
import { readSources } from './src/read/index.js';
const locator = loadCountyLocator();
const ctx = { importId: 'scratch', version: 1, sourceRoot: new URL('./fixtures', import.meta.url).pathname, asOf: new Date('2025-06-01T00:00:00Z') };
const stats: Record<string, number> = {};
for await (const item of readSources(['.'], ctx, locator)) {
  if (item.kind !== 'facility' && item.kind !== 'release') continue;
  const r = item.record;
  const k = (s: string) => { const key = `${item.kind} ${r.source.split('/').slice(0, 2).join('/')} ${s}`; stats[key] = (stats[key] ?? 0) + 1; };
  if (item.kind === 'facility') k(`method=${r.mapping_method}`);
  if (r.latitude === null || r.longitude === null) { k('no coords'); continue; }
  const exact = locator.countyAt(r.latitude, r.longitude);
  if (!exact) k('probe: water'); else if (exact.fips !== r.fips) k(exact.state === r.state ? 'fips differs same state??' : 'probe: other state at exact');
}
console.log(Object.entries(stats).sort().map(([a, b]) => `${a}: ${b}`).join('\n'));
