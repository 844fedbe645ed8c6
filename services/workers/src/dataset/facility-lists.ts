/**
 * The facility tables of the map, cached per county and per state from the version's
 * facility_summary rows (docs/data-model.md, 'Cache layout'). One read per state, in
 * facility_id order, feeds both: the state's chunks are written as the rows arrive, its
 * first page and its counties when the state is done. Every us-atlas county and state gets a
 * key, with an empty list when it has no facility, so a missing key means an unknown region,
 * not an empty one. A county's list and a state's first page are stored as the API's response
 * bodies (gzipped, with an ETag): the gateway serves them without parsing them.
 */
import { loadRegionShapes, STATE_CODES } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import {
  datasetKeys,
  encodeBlob,
  encodeResponseBody,
  packListItems,
  toListItem,
  type CountyFacilitiesBody,
  type StateFacilitiesBody,
  type StateFacilitiesMeta,
} from '@ust/read-model';
import { DEFAULT_STATE_LIST_LIMIT, type FacilityListItem } from '@ust/schemas';
import { getMultiStateCounties } from '../queries/dataset/get-multi-state-counties.js';
import { getStateFacilityListPage } from '../queries/dataset/get-state-facility-list-page.js';

/** Rows read per query; a multiple of STATE_CHUNK_SIZE so chunks never straddle two reads. */
export const LIST_PAGE_SIZE = 20_000;
/** Facilities per state chunk: a request for any other limit reads only the chunks it needs. */
export const STATE_CHUNK_SIZE = 500;
/** Keys written per cache round trip. */
const WRITE_BATCH = 100;

type Entry = readonly [key: string, value: string | Buffer];

/** Stored (gzipped) bytes of the lists of a version, by kind of key. */
export interface ListBytes {
  countyBodies: number;
  stateDefaultBodies: number;
  stateChunks: number;
}

/** Writes entries in batches as they are produced, compressing a batch's blobs in parallel. */
class BatchWriter {
  private pending: Array<Promise<readonly Entry[]>> = [];
  keys = 0;
  readonly bytes: ListBytes = { countyBodies: 0, stateDefaultBodies: 0, stateChunks: 0 };
  constructor(private readonly cache: Cache) {}
  async add(entries: Promise<readonly Entry[]>): Promise<void> {
    this.pending.push(entries);
    if (this.pending.length >= WRITE_BATCH) await this.flush();
  }
  async flush(): Promise<void> {
    const entries = (await Promise.all(this.pending)).flat();
    this.pending = [];
    await this.cache.setMany(entries);
    this.keys += entries.length;
  }
}

export interface ListWriteResult {
  keys: number;
  facilities: number;
  bytes: ListBytes;
}

const pushTo = (groups: Map<string, FacilityListItem[]>, key: string, item: FacilityListItem) => {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
};

/** A response body's two keys: the gzipped JSON and its ETag. */
async function bodyEntries(body: unknown, key: string, etagKey: string, count: (bytes: number) => void): Promise<readonly Entry[]> {
  const encoded = await encodeResponseBody(body);
  count(encoded.gzip.length);
  return [
    [key, encoded.gzip],
    [etagKey, encoded.etag],
  ];
}

/**
 * `v{n}:fac:state:{ST}` (+ chunks and the default body) for every us-atlas state and every
 * code in `states` (the states with facilities in the version), and `v{n}:fac:county:{fips}` for every us-atlas county and every FIPS with
 * facilities.
 */
export async function writeFacilityLists(store: AnalyticsStore, cache: Cache, version: number, states: readonly string[]): Promise<ListWriteResult> {
  const writer = new BatchWriter(cache);
  const countyNames = new Map(loadRegionShapes('counties').map((shape) => [shape.fips, shape.name]));
  const stateNames = new Map(Object.values(STATE_CODES).map(({ code, name }) => [code, name]));
  const written = new Set<string>();
  const writeCounty = async (fips: string, items: FacilityListItem[]) => {
    written.add(fips);
    const body: CountyFacilitiesBody = {
      facilities: items.map(toListItem),
      county: countyNames.get(fips) ?? null,
      state: STATE_CODES[fips.slice(0, 2)]?.code ?? null,
      fips,
      total: items.length,
      dataset_version: version,
    };
    const count = (bytes: number) => (writer.bytes.countyBodies += bytes);
    await writer.add(bodyEntries(body, datasetKeys.countyFacilities(version, fips), datasetKeys.countyFacilitiesEtag(version, fips), count));
  };
  // Counties fed by several states wait for the last state; all others are done with their state.
  const shared = new Set(await getMultiStateCounties(store, version));
  const sharedItems = new Map<string, FacilityListItem[]>();
  let facilities = 0;
  // A state without facilities (`states` lists those with some) gets its empty list without a query.
  const withFacilities = new Set(states);
  for (const state of [...new Set([...stateNames.keys(), ...states])].sort()) {
    const counties = new Map<string, FacilityListItem[]>();
    let firstPage: FacilityListItem[] = [];
    let after = '';
    let total = 0;
    for (;;) {
      const rows = withFacilities.has(state) ? await getStateFacilityListPage(store, { version, state, after, limit: LIST_PAGE_SIZE }) : [];
      if (total === 0) firstPage = rows.slice(0, DEFAULT_STATE_LIST_LIMIT);
      for (let start = 0; start < rows.length; start += STATE_CHUNK_SIZE) {
        const key = datasetKeys.stateFacilitiesChunk(version, state, (total + start) / STATE_CHUNK_SIZE);
        const packed = packListItems(rows.slice(start, start + STATE_CHUNK_SIZE));
        await writer.add(
          encodeBlob(packed).then((bytes): Entry[] => {
            writer.bytes.stateChunks += bytes.length;
            return [[key, bytes]];
          }),
        );
      }
      for (const row of rows) if (row.FIPS !== null) pushTo(shared.has(row.FIPS) ? sharedItems : counties, row.FIPS, row);
      total += rows.length;
      const last = rows[rows.length - 1];
      if (!last || rows.length < LIST_PAGE_SIZE) break;
      after = last.Facility_ID;
    }
    facilities += total;
    const name = stateNames.get(state) ?? null;
    const meta: StateFacilitiesMeta = { state, name, total, chunk_size: STATE_CHUNK_SIZE, chunks: Math.ceil(total / STATE_CHUNK_SIZE) };
    await writer.add(Promise.resolve<Entry[]>([[datasetKeys.stateFacilities(version, state), JSON.stringify(meta)]]));
    const body: StateFacilitiesBody = { facilities: firstPage.map(toListItem), state, name, total, dataset_version: version };
    const count = (bytes: number) => (writer.bytes.stateDefaultBodies += bytes);
    await writer.add(bodyEntries(body, datasetKeys.stateFacilitiesDefault(version, state), datasetKeys.stateFacilitiesDefaultEtag(version, state), count));
    for (const [fips, items] of counties) await writeCounty(fips, items);
  }
  for (const [fips, items] of sharedItems) {
    await writeCounty(
      fips,
      items.sort((a, b) => (a.Facility_ID < b.Facility_ID ? -1 : a.Facility_ID > b.Facility_ID ? 1 : 0)),
    );
  }
  for (const fips of countyNames.keys()) if (!written.has(fips)) await writeCounty(fips, []);
  await writer.flush();
  return { keys: writer.keys, facilities, bytes: writer.bytes };
}
