/**
 * Generated national dataset: records/s, total time and RSS for the whole nation (no state
 * excluded) at the given scale, median of 3 runs; then one more pass that measures what the
 * data looks like (totals per table, active tanks, open releases, facilities with a release,
 * average tank age) against EPA UST Finder's published figures.
 *
 *   npx tsx bench/generate-national.ts [scale]
 */
import { loadCountyLocator } from '@ust/domain';
import { generateNationalDataset, plannedCounts, NATIONAL_TARGETS } from '@ust/pipelines/generate';
import { printTable, rssMegabytes, summarize, type Row } from './table.js';

const scale = Number(process.argv[2] ?? 1);
const runs = 3;
const context = { importId: 'bench-generate', version: 1, sourceRoot: '.', asOf: new Date('2025-01-01') };

const locatorStart = performance.now();
const locator = loadCountyLocator();
const locatorMs = performance.now() - locatorStart;
const options = { seed: 20_241_101, scale, excludeStates: [], context, locator };

const seconds: number[] = [];
let records = 0;
for (let run = 0; run < runs; run++) {
  records = 0;
  const start = performance.now();
  for (const _item of generateNationalDataset(options)) records++;
  seconds.push((performance.now() - start) / 1000);
}
const median = summarize(seconds).median;
printTable(`Generated national dataset, scale ${scale} (median of ${runs} runs; county index built once in ${Math.round(locatorMs)} ms)`, [
  { records, 'total s': median, 'records/s': Math.round(records / median), 'fastest s': Math.min(...seconds), 'RSS MB': rssMegabytes() },
]);

// What the data looks like.
const totals = { facilities: 0, tanks: 0, activeTanks: 0, releases: 0, openReleases: 0, linkedReleases: 0 };
const facilitiesWithRelease = new Set<string>();
let ageSum = 0;
for (const item of generateNationalDataset(options)) {
  if (item.kind === 'facility') totals.facilities++;
  else if (item.kind === 'tank') {
    totals.tanks++;
    if (item.record.tank_status !== 'Closed') totals.activeTanks++;
    ageSum += 2025 - Number(item.record.installation_date!.slice(0, 4));
  } else if (item.kind === 'release') {
    totals.releases++;
    if (item.record.status_class === 'Open') totals.openReleases++;
    if (item.record.facility_id) {
      totals.linkedReleases++;
      facilitiesWithRelease.add(item.record.facility_id);
    }
  }
}
const planned = plannedCounts(options);
const rows: Row[] = [
  { measure: 'facilities', generated: totals.facilities, planned: planned.facilities, 'UST Finder': NATIONAL_TARGETS.facilities * scale },
  { measure: 'tanks', generated: totals.tanks, planned: planned.tanks, 'UST Finder': NATIONAL_TARGETS.tanks * scale },
  {
    measure: 'active tanks (in use + TOS)',
    generated: totals.activeTanks,
    planned: Object.values(planned.byState).reduce((sum, state) => sum + state.activeTanks, 0),
    'UST Finder': '504,169 (product text)',
  },
  { measure: 'releases', generated: totals.releases, planned: planned.releases, 'UST Finder': NATIONAL_TARGETS.releases * scale },
  { measure: 'open releases', generated: totals.openReleases, planned: '', 'UST Finder': '' },
  { measure: 'releases linked to a facility %', generated: (100 * totals.linkedReleases) / totals.releases, planned: '', 'UST Finder': '' },
  {
    measure: 'facilities with a release %',
    generated: (100 * facilitiesWithRelease.size) / totals.facilities,
    planned: '',
    'UST Finder': '33.44 (product text)',
  },
  { measure: 'average tank age in 2025, years', generated: ageSum / totals.tanks, planned: '', 'UST Finder': '37.1 (product text)' },
];
printTable('What the generated data looks like', rows);
