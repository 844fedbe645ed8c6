import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createChdbStore, migrationsDirectory } from '@ust/platform';
import { getFacilityPage } from '../services/workers/src/queries/dataset/get-facility-page.js';
import { getTanksOfFacilityRange } from '../services/workers/src/queries/dataset/get-tanks-of-facility-range.js';
import { getReleasesOfFacilityRange } from '../services/workers/src/queries/dataset/get-releases-of-facility-range.js';
import { facilityRecord, releaseRecord, tankRecord } from '../services/workers/src/dataset/testing/records.js';
const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-prof-'));
const store = await createChdbStore({ path: directory, database: 'bench' });
await applyMigrations(store, migrationsDirectory);
const N = 200_000;
for (let from = 0; from < N; from += 50_000) {
  const f = [], t = [], r = [];
  for (let i = from; i < from + 50_000; i++) {
    const id = `TX-${String(i).padStart(7, '0')}`;
    f.push(facilityRecord({ facility_id: id, state: 'TX', fips: '48001', name: 'x' + i }));
    for (let k = 0; k < 3; k++) t.push(tankRecord({ tank_id: `${id}/${k}`, facility_id: id, state: 'TX', tank_status: 'Currently in use', installation_date: '1990-01-01', capacity_gallons: 1000 }));
    if (i % 3 === 0) r.push(releaseRecord({ release_id: `R${i}`, state: 'TX', facility_id: id, status_class: 'Open' }));
  }
  await store.insert('facilities', f); await store.insert('tanks', t); await store.insert('releases', r);
}
const time = async (label: string, fn: () => Promise<unknown[]>) => { const s = performance.now(); const rows = await fn(); console.log(label, (performance.now() - s).toFixed(0), 'ms', rows.length); return rows; };
const page = await time('facility page', () => getFacilityPage(store, 'TX-0100000', 20_000)) as Array<{ facility_id: string }>;
const first = page[0]!.facility_id, last = page[page.length - 1]!.facility_id;
await time('tanks', () => getTanksOfFacilityRange(store, first, last));
await time('releases', () => getReleasesOfFacilityRange(store, first, last));
await time('facility page again', () => getFacilityPage(store, 'TX-0120000', 20_000));
await time('releases no final', () => store.query(`SELECT assumeNotNull(facility_id) AS facility_id, status_class FROM releases WHERE facility_id >= {first:String} AND facility_id <= {last:String}`, { first, last }));
await time('tanks no final', () => store.query(`SELECT facility_id, tank_status, installation_date, capacity_gallons, tank_wall_type, corrosion_protection, secondary_containment, leak_detection FROM tanks WHERE facility_id >= {first:String} AND facility_id <= {last:String}`, { first, last }));
await time('tanks count', () => store.query(`SELECT count() FROM tanks FINAL WHERE facility_id >= {first:String} AND facility_id <= {last:String}`, { first, last }));
const rows = page.map((p) => ({ dataset_version: 1, facility_id: p.facility_id, state: 'TX', fips: null, is_generated: false, source: 'x', name: 'n', address: null, city: null, county: null, zip_code: null, latitude: 1, longitude: 2, mapping_method: null, total_tank_count: 3, active_tank_count: 3, inactive_tank_count: 0, tos_tank_count: 0, avg_tank_age: 1, max_tank_age: 2, oldest_tank_year: 1990, newest_tank_year: 1990, total_capacity: 3000, protection_score: null, has_leak: false, total_leak_count: 0, open_leak_count: 0, age_tank_count: 3, tank_age_sum: 3, built_at: new Date().toISOString() }));
await time('insert summary', async () => { await store.insert('facility_summary', rows); return rows; });
const s0 = performance.now();
await Promise.all([getTanksOfFacilityRange(store, first, last), getFacilityPage(store, 'TX-0140000', 20_000), store.insert('facility_summary', rows.map((r) => ({ ...r, dataset_version: 2 })))]);
console.log('parallel tanks+page+insert', (performance.now() - s0).toFixed(0), 'ms');
const s1 = performance.now();
const p1 = getTanksOfFacilityRange(store, first, last);
let ticks = 0; const iv = setInterval(() => ticks++, 5);
await p1; clearInterval(iv);
console.log('event loop ticks during tanks query', ticks, (performance.now() - s1).toFixed(0));
await store.close(); await rm(directory, { recursive: true, force: true });
