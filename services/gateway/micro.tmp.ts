import { createMemoryCache } from '@ust/platform';
import { packCell, searchCellOf } from '@ust/domain';
import { searchKeys } from '@ust/workers';
import { searchNearPoint } from './src/search/search-near-point.js';
const cache = createMemoryCache();
const cells = new Map<string, any[]>();
let seed = 1; const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
for (let i = 0; i < 30000; i++) {
  const lat = 34.05 + (rnd() - 0.5) * 0.5, lon = -118.24 + (rnd() - 0.5) * 0.6;
  const c = searchCellOf(lat, lon);
  const item = { id: `CA-${i}`, name: 'Some Gas Station Name', address: '1234 Long Street Name Blvd', city: 'Los Angeles', state: 'CA', zip_code: '90012', latitude: lat, longitude: lon, tank_count: 3, active_tank_count: 3, has_leaks: true, leak_count: 1, county_fips: '06037', risk_score: 7, pricing: { quotes: [{ carrier: 'TOMICS', annual_premium: 1200 }, { carrier: 'Zurich', annual_premium: 3400 }, { carrier: 'AIG', annual_premium: 2800 }, { carrier: 'Mid-Continent', annual_premium: 900 }], best_carrier: 'Mid-Continent', lowest_premium: 900, no_quote_reason: null }, source: 'generated', is_generated: true };
  (cells.get(c) ?? cells.set(c, []).get(c)!).push({ latitude: lat, longitude: lon, json: JSON.stringify(item) });
}
for (const [c, items] of cells) { const b = packCell(items); await cache.set(searchKeys.facilityCell(1, 7, c), b.coordinates); await cache.set(searchKeys.facilityItems(1, 7, c), b.items); await cache.set(searchKeys.releaseCell(1, 7, c), b.coordinates); await cache.set(searchKeys.releaseItems(1, 7, c), b.items); }
const pts = Array.from({ length: 200 }, () => [34.05 + (rnd() - 0.5) * 0.3, -118.24 + (rnd() - 0.5) * 0.3]);
for (const [la, lo] of pts) await searchNearPoint(cache, 1, la!, lo!);
const t = performance.now(); let n = 0;
for (let r = 0; r < 5; r++) for (const [la, lo] of pts) { const res = await searchNearPoint(cache, 1, la!, lo!); n++; if (r === 0 && n === 1) console.log(res.total_found); }
console.log(`${((performance.now() - t) / n).toFixed(3)} ms per search`);
