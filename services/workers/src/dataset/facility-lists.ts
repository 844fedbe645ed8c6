/**
 * The facility tables of the map, cached per county and per state from the version's
 * facility_summary rows (docs/data-model.md, 'Cache layout'). One read per state, in
 * facility_id order, feeds both: the state's chunks are written as the rows arrive and its
 * counties when the state is done. Every us-atlas county and state gets a key, with an empty
 * list when it has no facility, so a missing key means an unknown region, not an empty one.
 */
import { loadRegionShapes, STATE_CODES } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import type { FacilityListItem } from '@ust/schemas';
import { getMultiStateCounties } from '../queries/dataset/get-multi-state-counties.js';
import { getStateFacilityListPage } from '../queries/dataset/get-state-facility-list-page.js';
import { datasetKeys } from './dataset-keys.js';
import { encodeBlob, packListItems, type CountyFacilitiesBlob, type StateFacilitiesMeta } from './list-blobs.js';

/** Rows read per query; a multiple of STATE_CHUNK_SIZE so chunks never straddle two reads. */
export const LIST_PAGE_SIZE = 20_000;
/** Facilities per state chunk: `?limit=50` reads one small chunk, not the whole state. */
export const STATE_CHUNK_SIZE = 500;
/** Keys written per cache round trip. */
const WRITE_BATCH = 100;

type Entry = readonly [key: string, value: string | Buffer];

/** Writes entries in batches as they are produced, compressing a batch's blobs in parallel. */
class BatchWriter {
  private pending: Array<Promise<Entry>> = [];
  keys = 0;
  constructor(private readonly cache: Cache) {}
  async add(entry: Promise<Entry>): Promise<void> {
    this.pending.push(entry);
    if (this.pending.length >= WRITE_BATCH) await this.flush();
  }
  async flush(): Promise<void> {
    const entries = await Promise.all(this.pending);
    this.pending = [];
    await this.cache.setMany(entries);
    this.keys += entries.length;
  }
}

export interface ListWriteResult {
  keys: number;
  facilities: number;
}

const pushTo = (groups: Map<string, FacilityListItem[]>, key: string, item: FacilityListItem) => {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
};

/**
 * `v{n}:fac:state:{ST}` (+ chunks) for every us-atlas state and every code in `states`, and
 * `v{n}:fac:county:{fips}` for every us-atlas county and every FIPS with facilities.
 */
export async function writeFacilityLists(store: AnalyticsStore, cache: Cache, version: number, states: readonly string[]): Promise<ListWriteResult> {
  const writer = new BatchWriter(cache);
  const countyNames = new Map(loadRegionShapes('counties').map((shape) => [shape.fips, shape.name]));
  const stateNames = new Map(Object.values(STATE_CODES).map(({ code, name }) => [code, name]));
  const written = new Set<string>();
  const writeCounty = async (fips: string, items: FacilityListItem[]) => {
    written.add(fips);
    const blob: CountyFacilitiesBlob = {
      fips,
      county: countyNames.get(fips) ?? null,
      state: STATE_CODES[fips.slice(0, 2)]?.code ?? null,
      total: items.length,
      ...packListItems(items),
    };
    await writer.add(encodeBlob(blob).then((bytes): Entry => [datasetKeys.countyFacilities(version, fips), bytes]));
  };
  // Counties fed by several states wait for the last state; all others are done with their state.
  const shared = new Set(await getMultiStateCounties(store, version));
  const sharedItems = new Map<string, FacilityListItem[]>();
  let facilities = 0;
  for (const state of [...new Set([...stateNames.keys(), ...states])].sort()) {
    const counties = new Map<string, FacilityListItem[]>();
    let after = '';
    let total = 0;
    for (;;) {
      const rows = await getStateFacilityListPage(store, { version, state, after, limit: LIST_PAGE_SIZE });
      for (let start = 0; start < rows.length; start += STATE_CHUNK_SIZE) {
        const key = datasetKeys.stateFacilitiesChunk(version, state, (total + start) / STATE_CHUNK_SIZE);
        const packed = packListItems(rows.slice(start, start + STATE_CHUNK_SIZE));
        await writer.add(encodeBlob(packed).then((bytes): Entry => [key, bytes]));
      }
      for (const row of rows) if (row.FIPS !== null) pushTo(shared.has(row.FIPS) ? sharedItems : counties, row.FIPS, row);
      total += rows.length;
      const last = rows[rows.length - 1];
      if (!last || rows.length < LIST_PAGE_SIZE) break;
      after = last.Facility_ID;
    }
    facilities += total;
    const meta: StateFacilitiesMeta = { state, name: stateNames.get(state) ?? null, total, chunk_size: STATE_CHUNK_SIZE, chunks: Math.ceil(total / STATE_CHUNK_SIZE) };
    await writer.add(Promise.resolve<Entry>([datasetKeys.stateFacilities(version, state), JSON.stringify(meta)]));
    for (const [fips, items] of counties) await writeCounty(fips, items);
  }
  for (const [fips, items] of sharedItems) {
    await writeCounty(fips, items.sort((a, b) => (a.Facility_ID < b.Facility_ID ? -1 : a.Facility_ID > b.Facility_ID ? 1 : 0)));
  }
  for (const fips of countyNames.keys()) if (!written.has(fips)) await writeCounty(fips, []);
  await writer.flush();
  return { keys: writer.keys, facilities };
}
