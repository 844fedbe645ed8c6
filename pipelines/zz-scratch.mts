import { loadCountyLocator } from '@ust/domain';
import { readSources, ImportTally } from './src/read/index.js';
const t0 = Date.now();
const locator = loadCountyLocator();
const tally = new ImportTally();
const ctx = { importId: 'scratch', version: 1, sourceRoot: new URL('./fixtures', import.meta.url).pathname, asOf: new Date('2025-06-01T00:00:00Z') };
const samples = new Map<string, unknown[]>();
for await (const item of readSources(['.'], ctx, locator)) {
  tally.add(item);
  if (item.kind === 'reject') { const k = item.record.reason + ' @ ' + item.record.file; const a = samples.get(k) ?? []; if (a.length < 3) a.push(item.record); samples.set(k, a); }
}
console.table(tally.toFileTable());
console.table(tally.toTable()); console.table(tally.toRejectTable());

console.log('ms', Date.now() - t0);
