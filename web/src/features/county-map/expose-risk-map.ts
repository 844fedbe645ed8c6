/**
 * The one place the risk map's MapLibre instance is put on `window`: the browser tests
 * (web/e2e/map-probe.ts, county-map.e2e.test.ts), bench/map-route.ts and support sessions read
 * it there to inspect what the map drew. The app itself never reads it: RiskMap hands the map to
 * its hooks by ref.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** The risk map's MapLibre instance while the map screen is shown; see expose-risk-map.ts. */
    ustRiskMap?: MapLibreMap;
  }
}

/** Publishes the map once it has loaded; undefined when the map screen goes away. */
export function exposeRiskMap(map: MapLibreMap | undefined): void {
  window.ustRiskMap = map;
}
