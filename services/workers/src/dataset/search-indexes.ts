/**
 * A rebuild step: the proximity-search indexes of a version. Every located facility (from its
 * summary row) and release goes into its resolution-7 H3 cell, whose items are one packed blob
 * in the cache; their coordinates go into the search tile (resolution 5) that holds them, one
 * blob per tile for facilities and releases together, and a directory lists every tile with its
 * bounding circles. A search finds in the directory the few tiles within its reach, reads them
 * (once per process), then the items of the few cells that hold its result, and never queries
 * ClickHouse (docs/decisions/0022-chdb-discipline.md).
 */
import {
  BoxTiles,
  groupIntoTiles,
  itemsDigest,
  type ItemsDigestOf,
  packItems,
  packSearchTile,
  packTileDirectory,
  quoteFacility,
  toSearchQuotes,
  SEARCH_CELL_RESOLUTION,
  SEARCH_RADIUS_MILES,
  SEARCH_TILE_RESOLUTION,
  searchTileOf,
  TileDirectory,
  type DirectoryTile,
} from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { searchKeys } from '@ust/read-model';
import { isApproximate, type SearchFacilityItem, type SearchReleaseItem } from '@ust/schemas';
import { getPricingTanksOfFacilityRange, type PricingTankRow } from '../queries/dataset/get-pricing-tanks-of-facility-range.js';
import { getSearchFacilityPage, type SearchFacilityRow } from '../queries/dataset/get-search-facility-page.js';
import { getSearchReleasePage, type SearchReleaseRow } from '../queries/dataset/get-search-release-page.js';
import type { SearchRegionFilter } from '../queries/dataset/search-region-filter.js';
import { turnsEvery } from '../event-loop-turns.js';
import { keysetPages, mapInSlices, readAhead } from './read-ahead.js';

const PAGE_SIZE = 20_000;
/** Keys per cache write: one Redis transaction stays a few MB. */
const KEYS_PER_WRITE = 2_000;
/**
 * Milliseconds of packing between turns of the event loop. The embedded cache answers a write
 * without I/O, so awaiting it never lets the loop turn: without these turns the gateway sharing
 * this process would answer no request until every blob of the version was packed.
 */
const PACKING_SLICE_MS = 10;

export interface SearchIndexTally {
  facilities: number;
  releases: number;
  facilityCells: number;
  releaseCells: number;
  tiles: number;
  bytes: number;
}

/**
 * A located item of the index: its state, its coordinates and its JSON as UTF-8 bytes. Bytes,
 * not text: a build holds every item of the country, and packs each cell twice (packedEntries).
 */
export interface LocatedItem {
  state: string;
  latitude: number;
  longitude: number;
  json: Buffer;
}

/**
 * A facility as a search result shows it, with its indicative quotes (docs/product.md
 * section 3 'Search facility'): priced here, once per build, because a search never
 * reads tanks.
 */
export function searchFacilityItem(row: SearchFacilityRow, tanks: readonly PricingTankRow[], asOf: Date): SearchFacilityItem {
  const pricing = quoteFacility({ facility_id: row.facility_id, state: row.state, risk_score: row.calculated_risk_score }, tanks, { asOf });
  return {
    id: row.facility_id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    latitude: row.latitude,
    longitude: row.longitude,
    tank_count: row.total_tank_count,
    active_tank_count: row.active_tank_count,
    has_leaks: row.leak_reported ? row.has_leak : null,
    leak_data: row.leak_reported ? 'reported' : 'not_reported',
    leak_count: row.total_leak_count,
    county_fips: row.fips,
    risk_score: row.calculated_risk_score,
    pricing: {
      quotes: toSearchQuotes(pricing),
      best_carrier: pricing.summary?.best_carrier ?? null,
      lowest_premium: pricing.summary?.lowest_premium ?? null,
      no_quote_reason: pricing.no_quote_reason ?? null,
    },
    source: row.source,
    is_generated: row.is_generated,
    // Last, in this order: the read model tells an approximate item by its JSON's last bytes.
    located_by: row.located_by,
    approximate: isApproximate(row.located_by),
  };
}

export function searchReleaseItem(row: SearchReleaseRow): SearchReleaseItem {
  return {
    release_id: row.release_id,
    lust_id: row.lust_id,
    facility_id: row.facility_id,
    name: row.name,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    status_class: row.status_class as SearchReleaseItem['status_class'],
    substance: row.substance,
    reported_date: row.reported_date,
    Population_within_1500ft: row.population_within_1500ft,
    source: row.source,
    is_generated: row.is_generated,
    // Last, in this order: the read model tells an approximate item by its JSON's last bytes.
    located_by: row.located_by,
    approximate: isApproximate(row.located_by),
  };
}

/** Every cell and tile of the version (a version derived in part derives fewer: search-indexes-in-part.ts). */
export async function writeSearchIndexes(store: AnalyticsStore, cache: Cache, version: number, asOf: Date): Promise<SearchIndexTally> {
  const facilityItems = await readFacilityItems(store, version, asOf, undefined);
  const releaseItems = await readReleaseItems(store, undefined);
  const tally: SearchIndexTally = { facilities: facilityItems.length, releases: releaseItems.length, facilityCells: 0, releaseCells: 0, tiles: 0, bytes: 0 };
  const facilities = groupIntoTiles(facilityItems);
  const releases = groupIntoTiles(releaseItems);
  tally.facilityCells = facilities.cells.size;
  tally.releaseCells = releases.cells.size;
  const directory: DirectoryTile[] = [];
  tally.bytes += await writeInBatches(cache, packedEntries(version, facilities, releases, directory));
  await cache.set(searchKeys.tilesOfStates(version, SEARCH_TILE_RESOLUTION), JSON.stringify(tilesOfStates([...facilityItems, ...releaseItems])));
  tally.tiles = directory.length;
  tally.bytes += await writeTileDirectory(cache, version, directory);
  return tally;
}

type Grouped = ReturnType<typeof groupIntoTiles<LocatedItem>>;

/**
 * The tiles of `facilities` and `releases` (those `wanted`, by default every one), each also
 * listed in `directory`, then the packed items of their cells (those `wanted`), each under its
 * digest. Every tile comes before the items blobs it names: the prune of unnamed blobs lists the
 * blobs before it reads the tiles, so it never takes a blob of a version being built for garbage
 * (search-items-garbage.ts). Written together, the tiles also lie together in the cache's file,
 * which a server reads whole at start: strewn between the blobs, they made it map most of the
 * file (docs/decisions/0114). So a cell is packed twice, once for the digest its tile names and
 * once to be written, rather than all its items held until every tile is written. A wanted
 * tile's cells that are not wanted themselves (a build in part keeps them) are packed only to
 * name their blobs, which are stored.
 */
export function* packedEntries(
  version: number,
  facilities: Grouped,
  releases: Grouped,
  directory: DirectoryTile[],
  wanted: (kind: 'cell' | 'tile', cell: string) => boolean = () => true,
): Generator<readonly [string, Buffer]> {
  const groups = { facilities, releases };
  const digests = { facilities: new Map<string, string>(), releases: new Map<string, string>() };
  const packedCell = (kind: keyof typeof groups, cell: string) => {
    const items = groups[kind].cells.get(cell);
    if (!items) throw new Error(`the search index of v${version} has no records of cell ${cell} to name the ${kind} of a tile`);
    return packItems(items.map((item) => item.json));
  };
  const digestOf: ItemsDigestOf = (kind, cell) => {
    const known = digests[kind].get(cell);
    if (known) return known;
    const digest = itemsDigest(packedCell(kind, cell));
    digests[kind].set(cell, digest);
    return digest;
  };
  for (const cell of new Set([...facilities.tiles.keys(), ...releases.tiles.keys()])) {
    if (!wanted('tile', cell)) continue;
    const blob = packSearchTile(facilities.tiles.get(cell) ?? [], releases.tiles.get(cell) ?? [], digestOf);
    directory.push({ cell, blob });
    yield [searchKeys.tile(version, SEARCH_TILE_RESOLUTION, cell), blob];
  }
  for (const kind of ['facilities', 'releases'] as const) {
    const itemsKey = kind === 'facilities' ? searchKeys.facilityItems : searchKeys.releaseItems;
    for (const [cell, digest] of digests[kind]) if (wanted('cell', cell)) yield [itemsKey(SEARCH_CELL_RESOLUTION, cell, digest), packedCell(kind, cell)];
  }
}

/**
 * The directory of every tile, in cell order (so a version derived in part lists its tiles as a
 * full build does). Written last: a search reads the directory first, and finds every tile it lists.
 */
export async function writeTileDirectory(cache: Cache, version: number, tiles: DirectoryTile[]): Promise<number> {
  const blob = packTileDirectory([...tiles].sort((a, b) => (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0)));
  // The tiles within reach of every box near a tile, worked out here once rather than by every
  // reader of the version (seconds of CPU on the event loop that answers searches).
  const boxes = new BoxTiles(new TileDirectory(blob), SEARCH_RADIUS_MILES);
  for (const _block of boxes.listAhead());
  const lists = boxes.toBytes();
  await cache.set(searchKeys.boxLists(version, SEARCH_TILE_RESOLUTION), lists);
  await cache.set(searchKeys.tileDirectory(version, SEARCH_TILE_RESOLUTION), blob);
  return blob.length + lists.length;
}

/** The tiles each state's records are in, states and tiles in order. */
export function tilesOfStates(items: Iterable<LocatedItem>): Record<string, string[]> {
  const byState = new Map<string, Set<string>>();
  for (const item of items) {
    const tiles = byState.get(item.state) ?? new Set<string>();
    tiles.add(searchTileOf(item.latitude, item.longitude));
    byState.set(item.state, tiles);
  }
  return Object.fromEntries([...byState.keys()].sort().map((state) => [state, [...byState.get(state)!].sort()]));
}

/** The search items of the version's located facilities (in `region`), in facility_id order, priced as of `asOf`. */
export async function readFacilityItems(store: AnalyticsStore, version: number, asOf: Date, region: SearchRegionFilter): Promise<LocatedItem[]> {
  const items: LocatedItem[] = [];
  const pages = readAhead<FacilitiesWithTanks>((previous) => {
    if (!previous) return readFacilitiesWithTanks(store, version, '', region);
    const last = previous.rows[previous.rows.length - 1];
    return last && previous.rows.length >= PAGE_SIZE ? readFacilitiesWithTanks(store, version, last.facility_id, region) : undefined;
  });
  for await (const { rows, tanks } of pages) {
    const located = await mapInSlices(rows, (row) => ({
      state: row.state,
      latitude: row.latitude,
      longitude: row.longitude,
      json: Buffer.from(JSON.stringify(searchFacilityItem(row, tanks.get(row.facility_id) ?? [], asOf))),
    }));
    for (const item of located) items.push(item);
  }
  return items;
}

interface FacilitiesWithTanks {
  rows: SearchFacilityRow[];
  tanks: Map<string, PricingTankRow[]>;
}

async function readFacilitiesWithTanks(store: AnalyticsStore, version: number, after: string, region: SearchRegionFilter): Promise<FacilitiesWithTanks> {
  const rows = await getSearchFacilityPage(store, version, after, PAGE_SIZE, region);
  const first = rows[0];
  const last = rows[rows.length - 1];
  // A page of a region's facilities spans other facilities' ids: read only its own tanks.
  const only = region ? rows.map((row) => row.facility_id) : undefined;
  const tanks = first && last ? groupByFacility(await getPricingTanksOfFacilityRange(store, first.facility_id, last.facility_id, only)) : new Map();
  return { rows, tanks };
}

/** The search items of the located releases (in `region`), in release_id order. */
export async function readReleaseItems(store: AnalyticsStore, region: SearchRegionFilter): Promise<LocatedItem[]> {
  const items: LocatedItem[] = [];
  for await (const rows of keysetPages(
    (after) => getSearchReleasePage(store, after, PAGE_SIZE, region),
    (row) => row.release_id,
    PAGE_SIZE,
  ))
    for (const row of rows)
      items.push({ state: row.state, latitude: row.latitude, longitude: row.longitude, json: Buffer.from(JSON.stringify(searchReleaseItem(row))) });
  return items;
}

function groupByFacility(tanks: PricingTankRow[]): Map<string, PricingTankRow[]> {
  const byFacility = new Map<string, PricingTankRow[]>();
  for (const tank of tanks) {
    const list = byFacility.get(tank.facility_id);
    if (list) list.push(tank);
    else byFacility.set(tank.facility_id, [tank]);
  }
  return byFacility;
}

export async function writeInBatches(cache: Cache, entries: Iterable<readonly [string, Buffer]>): Promise<number> {
  let batch: Array<readonly [string, Buffer]> = [];
  let bytes = 0;
  const turn = turnsEvery(PACKING_SLICE_MS);
  for (const entry of entries) {
    await turn();
    bytes += entry[1].length;
    batch.push(entry);
    if (batch.length >= KEYS_PER_WRITE) {
      await cache.setMany(batch);
      batch = [];
    }
  }
  if (batch.length) await cache.setMany(batch);
  return bytes;
}
