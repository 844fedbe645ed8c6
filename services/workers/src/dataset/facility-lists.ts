/**
 * The facility tables of the map, cached per county and per state from the version's
 * facility_summary rows (docs/data-model.md, 'Cache layout'). One read per state, in
 * facility_id order, feeds both: the state's chunks are written as the rows arrive, its
 * first page and its counties when the state is done. Every us-atlas county and state gets a
 * key, with an empty list when it has no facility, so a missing key means an unknown region,
 * not an empty one. A county's list and a state's first page are stored as the API's response
 * bodies (gzipped, with an ETag): the gateway serves them without parsing them.
 */
import { loadRegionShapes, STATE_CODES, stateFipsOf } from '@ust/domain';
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
import { getCountyFacilityListRows } from '../queries/dataset/get-county-facility-list-rows.js';
import { getMultiStateCounties } from '../queries/dataset/get-multi-state-counties.js';
import { getSummaryCountiesOfStates } from '../queries/dataset/get-summary-counties-of-states.js';
import { getStateFacilityListPage } from '../queries/dataset/get-state-facility-list-page.js';
import { copyVersionKeys } from './copy-version-keys.js';
import { keysetPages } from './read-ahead.js';
import type { RebuiltStates } from './rebuild-plan.js';

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
 * facilities. With `rebuilt`, only the lists those states' facilities are in are written from
 * the version's rows; every other list is copied from the base version, where it is the same.
 */
export async function writeFacilityLists(
  store: AnalyticsStore,
  cache: Cache,
  version: number,
  states: readonly string[],
  rebuilt?: RebuiltStates,
): Promise<ListWriteResult> {
  const writer = new BatchWriter(cache);
  const lists = new ListWriter(store, writer, version, states);
  let facilities = 0;
  if (rebuilt) {
    const counties = new Set<string>();
    for (const state of [...rebuilt.states].sort()) facilities += await lists.writeState(state, (row) => row.FIPS !== null && counties.add(row.FIPS));
    // A county's list changes only if one of its facilities, then or now, is of a rebuilt state.
    for (const fips of await getSummaryCountiesOfStates(store, rebuilt.base, rebuilt.states)) counties.add(fips);
    const prefixes = new Set(rebuilt.states.map((state) => stateFipsOf(state)).filter((fips): fips is string => fips !== null));
    for (const fips of lists.countyNames.keys()) if (prefixes.has(fips.slice(0, 2))) counties.add(fips);
    const items = new Map<string, FacilityListItem[]>();
    for (const row of counties.size ? await getCountyFacilityListRows(store, version, [...counties]) : []) pushTo(items, row.FIPS!, row);
    for (const fips of [...counties].sort()) await lists.writeCounty(fips, items.get(fips) ?? []);
    await writer.flush();
    const copiedStates = new Set(rebuilt.states);
    const copied = await copyVersionKeys(cache, rebuilt.base, version, 'fac:', (key) => {
      const [, kind, region] = key.split(':');
      return kind === 'state' ? !copiedStates.has(region!) : !counties.has(region!);
    });
    return { keys: writer.keys + copied.keys, facilities, bytes: writer.bytes };
  }
  // Counties fed by several states wait for the last state; all others are done with their state.
  const shared = new Set(await getMultiStateCounties(store, version));
  const sharedItems = new Map<string, FacilityListItem[]>();
  for (const state of [...new Set([...lists.stateNames.keys(), ...states])].sort()) {
    const counties = new Map<string, FacilityListItem[]>();
    facilities += await lists.writeState(state, (row) => row.FIPS !== null && pushTo(shared.has(row.FIPS) ? sharedItems : counties, row.FIPS, row));
    for (const [fips, items] of counties) await lists.writeCounty(fips, items);
  }
  for (const [fips, items] of sharedItems) {
    await lists.writeCounty(
      fips,
      items.sort((a, b) => (a.Facility_ID < b.Facility_ID ? -1 : a.Facility_ID > b.Facility_ID ? 1 : 0)),
    );
  }
  for (const fips of lists.countyNames.keys()) if (!lists.written.has(fips)) await lists.writeCounty(fips, []);
  await writer.flush();
  return { keys: writer.keys, facilities, bytes: writer.bytes };
}

/** Writes one state's lists, or one county's, into a version. */
class ListWriter {
  readonly countyNames = new Map(loadRegionShapes('counties').map((shape) => [shape.fips, shape.name]));
  readonly stateNames = new Map(Object.values(STATE_CODES).map(({ code, name }) => [code, name]));
  /** Counties written so far. */
  readonly written = new Set<string>();
  /** A state without facilities gets its empty list without a query. */
  private readonly withFacilities: Set<string>;

  constructor(
    private readonly store: AnalyticsStore,
    private readonly writer: BatchWriter,
    private readonly version: number,
    states: readonly string[],
  ) {
    this.withFacilities = new Set(states);
  }

  /** The state's chunks, meta and first page, read in facility_id order; `onRow` sees each facility. Answers how many. */
  async writeState(state: string, onRow: (row: FacilityListItem) => void): Promise<number> {
    const { writer, version } = this;
    let firstPage: FacilityListItem[] = [];
    let total = 0;
    const pages = this.withFacilities.has(state)
      ? keysetPages(
          (after) => getStateFacilityListPage(this.store, { version, state, after, limit: LIST_PAGE_SIZE }),
          (row) => row.Facility_ID,
          LIST_PAGE_SIZE,
        )
      : [];
    for await (const rows of pages) {
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
      for (const row of rows) onRow(row);
      total += rows.length;
    }
    const name = this.stateNames.get(state) ?? null;
    const meta: StateFacilitiesMeta = { state, name, total, chunk_size: STATE_CHUNK_SIZE, chunks: Math.ceil(total / STATE_CHUNK_SIZE) };
    await writer.add(Promise.resolve<Entry[]>([[datasetKeys.stateFacilities(version, state), JSON.stringify(meta)]]));
    const body: StateFacilitiesBody = { facilities: firstPage.map(toListItem), state, name, total, dataset_version: version };
    const count = (bytes: number) => (writer.bytes.stateDefaultBodies += bytes);
    await writer.add(bodyEntries(body, datasetKeys.stateFacilitiesDefault(version, state), datasetKeys.stateFacilitiesDefaultEtag(version, state), count));
    return total;
  }

  /** The county's list (its facilities in facility_id order) as the by-fips response body. */
  async writeCounty(fips: string, items: FacilityListItem[]): Promise<void> {
    const { writer, version } = this;
    this.written.add(fips);
    const body: CountyFacilitiesBody = {
      facilities: items.map(toListItem),
      county: this.countyNames.get(fips) ?? null,
      state: STATE_CODES[fips.slice(0, 2)]?.code ?? null,
      fips,
      total: items.length,
      dataset_version: version,
    };
    const count = (bytes: number) => (writer.bytes.countyBodies += bytes);
    await writer.add(bodyEntries(body, datasetKeys.countyFacilities(version, fips), datasetKeys.countyFacilitiesEtag(version, fips), count));
  }
}
