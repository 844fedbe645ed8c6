/**
 * The facility tables of the map, cached per county and per state from the version's
 * facility_summary rows (docs/data-model.md, 'Cache layout'). Every us-atlas county and state
 * gets a key, with an empty list when it has no facility, so a missing key means an unknown
 * region rather than an empty one.
 */
import { loadRegionShapes, STATE_CODES } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import type { FacilityListItem } from '@ust/schemas';
import { getCountyFacilityListPage, type CountyListItemRow } from '../queries/dataset/get-county-facility-list-page.js';
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

/**
 * `v{n}:fac:county:{fips}` for every us-atlas county and every FIPS with facilities, read
 * state by state (`prefixes`: the 2-digit FIPS prefixes that have facilities).
 */
export async function writeCountyLists(store: AnalyticsStore, cache: Cache, version: number, prefixes: readonly string[]): Promise<ListWriteResult> {
  const writer = new BatchWriter(cache);
  const names = new Map(loadRegionShapes('counties').map((shape) => [shape.fips, shape.name]));
  const written = new Set<string>();
  let facilities = 0;
  const writeCounty = async (fips: string, items: FacilityListItem[]) => {
    written.add(fips);
    facilities += items.length;
    const blob: CountyFacilitiesBlob = {
      fips,
      county: names.get(fips) ?? null,
      state: STATE_CODES[fips.slice(0, 2)]?.code ?? null,
      total: items.length,
      ...packListItems(items),
    };
    await writer.add(encodeBlob(blob).then((bytes): Entry => [datasetKeys.countyFacilities(version, fips), bytes]));
  };
  for (const prefix of [...prefixes].sort()) {
    let after = { fips: '', id: '' };
    let current: { fips: string; items: FacilityListItem[] } | undefined;
    for (;;) {
      const rows: CountyListItemRow[] = await getCountyFacilityListPage(store, { version, prefix, afterFips: after.fips, afterId: after.id, limit: LIST_PAGE_SIZE });
      for (const row of rows) {
        if (current?.fips !== row.FIPS) {
          if (current) await writeCounty(current.fips, current.items);
          current = { fips: row.FIPS, items: [] };
        }
        current.items.push(row);
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < LIST_PAGE_SIZE) break;
      after = { fips: last.FIPS, id: last.Facility_ID };
    }
    if (current) await writeCounty(current.fips, current.items);
  }
  for (const fips of names.keys()) if (!written.has(fips)) await writeCounty(fips, []);
  await writer.flush();
  return { keys: writer.keys, facilities };
}

/**
 * `v{n}:fac:state:{ST}` (StateFacilitiesMeta) and its chunks for every us-atlas state and
 * every state code with facilities (`states`), all facilities in facility_id order.
 */
export async function writeStateLists(store: AnalyticsStore, cache: Cache, version: number, states: readonly string[]): Promise<ListWriteResult> {
  const writer = new BatchWriter(cache);
  const namesByCode = new Map(Object.values(STATE_CODES).map(({ code, name }) => [code, name]));
  let facilities = 0;
  for (const state of new Set([...namesByCode.keys(), ...states])) {
    let after = '';
    let total = 0;
    for (;;) {
      const rows = await getStateFacilityListPage(store, { version, state, after, limit: LIST_PAGE_SIZE });
      for (let start = 0; start < rows.length; start += STATE_CHUNK_SIZE) {
        const key = datasetKeys.stateFacilitiesChunk(version, state, (total + start) / STATE_CHUNK_SIZE);
        const packed = packListItems(rows.slice(start, start + STATE_CHUNK_SIZE));
        await writer.add(encodeBlob(packed).then((bytes): Entry => [key, bytes]));
      }
      total += rows.length;
      const last = rows[rows.length - 1];
      if (!last || rows.length < LIST_PAGE_SIZE) break;
      after = last.Facility_ID;
    }
    facilities += total;
    const meta: StateFacilitiesMeta = { state, name: namesByCode.get(state) ?? null, total, chunk_size: STATE_CHUNK_SIZE, chunks: Math.ceil(total / STATE_CHUNK_SIZE) };
    await writer.add(Promise.resolve<Entry>([datasetKeys.stateFacilities(version, state), JSON.stringify(meta)]));
  }
  await writer.flush();
  return { keys: writer.keys, facilities };
}
