import type { MapRef } from '@vis.gl/react-maplibre';
import type { FeatureCollection, Geometry } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ResolvedStyle } from './base-styles';
import type { PlaceLabels } from './map-labels';
import { MapOverlays, type CoverageFeatures, type DensityFeatures, type PinFeatures, type RampPositions } from './map-overlays';
import { performanceMarks } from './map-timing';
import type { RegionLevel } from '../../api/region-data';
import { boundsOf, type MapGeometry } from './region-geometry';

/** What the overlays should show: the page's state, as RiskMap receives it. */
export interface OverlayView {
  geometry: MapGeometry;
  land: FeatureCollection<Geometry> | null;
  /** Place names, once computed from the shapes. */
  labels: PlaceLabels | null;
  level: RegionLevel;
  /** The colours of the level shown: each region's ramp position for the chosen metric and scale. */
  colours: { level: RegionLevel; positions: RampPositions } | null;
  style: ResolvedStyle;
  selectedFips: string | null;
  /** A region to bring into view; a new object each time, so finding one twice works. */
  focus: { fips: string } | null;
  pins: PinFeatures | null;
  density: DensityFeatures | null;
  showDensity: boolean;
  coverage: CoverageFeatures | null;
  showCoverage: boolean;
  /** The first frame with this level's colours on screen. */
  onColoured: (level: RegionLevel) => void;
}

/**
 * The risk map's overlays (map-overlays.ts), created when the map loads and then kept in step
 * with the view. Returns the overlays (null until the map has loaded) and the function to call
 * from the map's load event.
 */
export function useRiskMapOverlays(mapRef: RefObject<MapRef | null>, view: OverlayView) {
  const { geometry, land, labels, level, colours, style, selectedFips, focus, pins, density, showDensity, coverage, showCoverage } = view;
  const [overlays, setOverlays] = useState<MapOverlays | null>(null);
  const latest = useRef(view);
  latest.current = view;

  function install(map: MapLibreMap) {
    const created = new MapOverlays(map, { palette: style.palette, drawsLand: style.drawsLand, drawsLabels: style.drawsLabels, level });
    created.setGeometry(geometry, land);
    setOverlays(created);
  }

  // The palette must be known before the new style's load event reinstalls the overlays.
  useEffect(() => overlays?.setBase(style.palette, style.drawsLand, style.drawsLabels), [overlays, style]);
  useEffect(() => void (land && overlays?.setLand(land)), [overlays, land]);
  useEffect(() => void (labels && overlays?.setLabels(labels)), [overlays, labels]);
  useEffect(() => overlays?.setLevel(level), [overlays, level]);

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!overlays || !map || !colours) return;
    overlays.setPositions(colours.level, colours.positions);
    // The next idle frame has the colours on screen: the level's first, or a recolour.
    map.once('idle', () => {
      latest.current.onColoured(colours.level);
      performanceMarks.recoloured();
    });
  }, [mapRef, overlays, colours]);

  useEffect(() => overlays?.setSelected(selectedFips === null ? null : Number.parseInt(selectedFips, 10)), [overlays, selectedFips]);
  useEffect(() => overlays?.setPins(pins), [overlays, pins]);

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!overlays || !map || !focus) return;
    const region = geometry.regions[level].features.find((feature) => feature.properties.fips === focus.fips);
    if (region) map.fitBounds(boundsOf(region.geometry), { padding: 48, maxZoom: 9, duration: 600 });
  }, [mapRef, overlays, focus, geometry, level]);
  useEffect(() => overlays?.setDensity(density, showDensity), [overlays, density, showDensity]);
  useEffect(() => overlays?.setCoverage(coverage, showCoverage), [overlays, coverage, showCoverage]);

  return { overlays, install };
}
