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
  groupIntoTiles,
  packItems,
  packSearchTile,
  packTileDirectory,
  quoteFacility,
  toSearchQuotes,
  SEARCH_CELL_RESOLUTION,
  SEARCH_TILE_RESOLUTION,
  type DirectoryTile,
} from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { searchKeys } from '@ust/read-model';
import { isApproximate, type SearchFacilityItem, type SearchReleaseItem } from '@ust/schemas';
import { getPricingTanksOfFacilityRange, type PricingTankRow } from '../queries/dataset/get-pricing-tanks-of-facility-range.js';
import { getSearchFacilityPage, type SearchFacilityRow } from '../queries/dataset/get-search-facility-page.js';
import { getSearchReleasePage, type SearchReleaseRow } from '../queries/dataset/get-search-release-page.js';

const PAGE_SIZE = 20_000;
/** Keys per cache write: one Redis transaction stays a few MB. */
const KEYS_PER_WRITE = 2_000;
/**
 * Milliseconds of packing between turns of the event loop. The embedded cache answers a write
 * without I/O, so awaiting it never lets the loop turn: without these turns the gateway sharing
 * this process would answer no request until every blob of the version was packed.
 */
const PACKING_SLICE_MS = 10;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export interface SearchIndexTally {
  facilities: number;
  releases: number;
  facilityCells: number;
  releaseCells: number;
  tiles: number;
  bytes: number;
}

/** A located item of the index: its coordinates and its JSON. */
interface LocatedItem {
  latitude: number;
  longitude: number;
  json: string;
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

export async function writeSearchIndexes(store: AnalyticsStore, cache: Cache, version: number, asOf: Date): Promise<SearchIndexTally> {
  const tally: SearchIndexTally = { facilities: 0, releases: 0, facilityCells: 0, releaseCells: 0, tiles: 0, bytes: 0 };

  const facilityItems: LocatedItem[] = [];
  for (let after = ''; ;) {
    const rows = await getSearchFacilityPage(store, version, after, PAGE_SIZE);
    const first = rows[0];
    const last = rows[rows.length - 1];
    const tanks = first && last ? groupByFacility(await getPricingTanksOfFacilityRange(store, first.facility_id, last.facility_id)) : new Map();
    for (const row of rows)
      facilityItems.push({
        latitude: row.latitude,
        longitude: row.longitude,
        json: JSON.stringify(searchFacilityItem(row, tanks.get(row.facility_id) ?? [], asOf)),
      });
    tally.facilities += rows.length;
    if (rows.length < PAGE_SIZE) break;
    after = rows[rows.length - 1]!.facility_id;
  }
  const releaseItems: LocatedItem[] = [];
  for (let after = ''; ;) {
    const rows = await getSearchReleasePage(store, after, PAGE_SIZE);
    for (const row of rows) releaseItems.push({ latitude: row.latitude, longitude: row.longitude, json: JSON.stringify(searchReleaseItem(row)) });
    tally.releases += rows.length;
    if (rows.length < PAGE_SIZE) break;
    after = rows[rows.length - 1]!.release_id;
  }

  const facilities = groupIntoTiles(facilityItems);
  const releases = groupIntoTiles(releaseItems);
  tally.facilityCells = facilities.cells.size;
  tally.releaseCells = releases.cells.size;
  const tiles = new Set([...facilities.tiles.keys(), ...releases.tiles.keys()]);
  tally.tiles = tiles.size;
  const directory: DirectoryTile[] = [];
  tally.bytes += await writeInBatches(
    cache,
    (function* () {
      for (const [cell, items] of facilities.cells)
        yield [searchKeys.facilityItems(version, SEARCH_CELL_RESOLUTION, cell), packItems(items.map((item) => item.json))];
      for (const [cell, items] of releases.cells)
        yield [searchKeys.releaseItems(version, SEARCH_CELL_RESOLUTION, cell), packItems(items.map((item) => item.json))];
      for (const cell of tiles) {
        const blob = packSearchTile(facilities.tiles.get(cell) ?? [], releases.tiles.get(cell) ?? []);
        directory.push({ cell, blob });
        yield [searchKeys.tile(version, SEARCH_TILE_RESOLUTION, cell), blob];
      }
    })(),
  );
  // Last: a search reads the directory first, and finds every tile it lists.
  const directoryBlob = packTileDirectory(directory);
  await cache.set(searchKeys.tileDirectory(version, SEARCH_TILE_RESOLUTION), directoryBlob);
  tally.bytes += directoryBlob.length;
  return tally;
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

async function writeInBatches(cache: Cache, entries: Iterable<readonly [string, Buffer]>): Promise<number> {
  let batch: Array<readonly [string, Buffer]> = [];
  let bytes = 0;
  let sliceStarted = performance.now();
  for (const entry of entries) {
    if (performance.now() - sliceStarted > PACKING_SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
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
