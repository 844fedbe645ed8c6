/**
 * The MapLibre map of the risk screen: the base style, the region fills coloured from
 * feature-state, hover card, selection outline, facility pins and the density heat map
 * (MapOverlays draws them). Hover stays inside this component, so moving the pointer over
 * 3,231 counties re-renders only the card, never the page's panel and table.
 */
import { Map as MapView, NavigationControl, type MapLayerMouseEvent } from '@vis.gl/react-maplibre';
import type { FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import type { DensityResolution } from '../../api';
import type { ResolvedStyle } from './base-styles';
import { HoverCard, type HoverTarget } from './HoverCard';
import { densityResolutionFor } from './map-features';
import { layerIds, MapOverlays, type DensityFeatures, type PinFeatures, type PinProperties, type RampPositions } from './map-overlays';
import { performanceMarks } from './map-timing';
import type { RegionFigures, RegionLevel } from './region-data';
import { fipsOf, type MapGeometry } from './region-geometry';

/** SPEC.md section 2 and 9: centred on -98.5, 39.8 at zoom 4, 600 px high. */
export const INITIAL_VIEW = { longitude: -98.5, latitude: 39.8, zoom: 4 } as const;
export const MAP_HEIGHT_PX = 600;

declare global {
  interface Window {
    /** The risk map's MapLibre instance, for browser tests, benchmarks and support sessions. */
    ustRiskMap?: MapLibreMap;
  }
}

/** [[west, south], [east, north]] of a region's outline. */
function boundsOf(geometry: Polygon | MultiPolygon): [[number, number], [number, number]] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const polygon of polygons) {
    for (const [longitude, latitude] of polygon[0] ?? []) {
      west = Math.min(west, longitude!);
      east = Math.max(east, longitude!);
      south = Math.min(south, latitude!);
      north = Math.max(north, latitude!);
    }
  }
  return [
    [west, south],
    [east, north],
  ];
}

interface RiskMapProps {
  geometry: MapGeometry;
  land: FeatureCollection<Geometry> | null;
  level: RegionLevel;
  figures: RegionFigures | undefined;
  /** The colours of the level shown: each region's ramp position for the chosen metric and scale. */
  colours: { level: RegionLevel; positions: RampPositions } | null;
  style: ResolvedStyle;
  selectedFips: string | null;
  /** A region to bring into view; a new object each time, so finding one twice works. */
  focus: { fips: string } | null;
  pins: PinFeatures | null;
  density: DensityFeatures | null;
  showDensity: boolean;
  onSelect: (fips: string) => void;
  /** A facility pin was clicked. */
  onOpenFacility: (facilityId: string) => void;
  onDensityResolution: (resolution: DensityResolution) => void;
  /** The first frame with this level's colours on screen. */
  onColoured: (level: RegionLevel) => void;
}

export function RiskMap(props: RiskMapProps) {
  const { geometry, land, level, figures, colours, style, selectedFips, focus, pins, density, showDensity } = props;
  const [overlays, setOverlays] = useState<MapOverlays | null>(null);
  const [hover, setHover] = useState<HoverTarget | null>(null);
  const [width, setWidth] = useState(0);
  const callbacks = useRef(props);
  callbacks.current = props;

  function handleLoad(event: { target: MapLibreMap }) {
    const map = event.target;
    window.ustRiskMap = map;
    const created = new MapOverlays(map, { palette: style.palette, drawsLand: style.drawsLand, level });
    created.setGeometry(geometry, land);
    setWidth(map.getContainer().clientWidth);
    map.on('resize', () => setWidth(map.getContainer().clientWidth));
    map.on('zoomend', () => callbacks.current.onDensityResolution(densityResolutionFor(map.getZoom())));
    setOverlays(created);
  }

  useEffect(() => () => void (window.ustRiskMap = undefined), []);

  // The palette must be known before the new style's load event reinstalls the overlays.
  useEffect(() => overlays?.setBase(style.palette, style.drawsLand), [overlays, style]);
  useEffect(() => void (land && overlays?.setLand(land)), [overlays, land]);

  useEffect(() => {
    if (!overlays) return;
    overlays.setHovered(null);
    setHover(null);
    overlays.setLevel(level);
  }, [overlays, level]);

  useEffect(() => {
    if (!overlays || !colours) return;
    overlays.setPositions(colours.level, colours.positions);
    // The next idle frame has the colours on screen: the level's first, or a recolour.
    window.ustRiskMap?.once('idle', () => {
      callbacks.current.onColoured(colours.level);
      performanceMarks.recoloured();
    });
  }, [overlays, colours]);

  useEffect(() => overlays?.setSelected(selectedFips === null ? null : Number.parseInt(selectedFips, 10)), [overlays, selectedFips]);
  useEffect(() => overlays?.setPins(pins), [overlays, pins]);

  useEffect(() => {
    const map = window.ustRiskMap;
    if (!overlays || !map || !focus) return;
    const region = geometry.regions[level].features.find((feature) => feature.properties.fips === focus.fips);
    if (region) map.fitBounds(boundsOf(region.geometry), { padding: 48, maxZoom: 9, duration: 600 });
  }, [overlays, focus, geometry, level]);
  useEffect(() => overlays?.setDensity(density, showDensity), [overlays, density, showDensity]);

  function handleMouseMove(event: MapLayerMouseEvent) {
    const pin = event.features?.find((feature) => feature.layer.id === layerIds.pins);
    const feature = event.features?.find((each) => each.layer.id === layerIds.fill(level));
    const fips = typeof feature?.id === 'number' ? fipsOf(feature.id, level) : null;
    const region = fips ? figures?.byFips.get(fips) : undefined;
    overlays?.setHovered(typeof feature?.id === 'number' ? feature.id : null);
    if (pin) setHover({ facility: pin.properties as PinProperties, x: event.point.x, y: event.point.y });
    else setHover(region ? { region, x: event.point.x, y: event.point.y } : null);
  }

  function handleMouseLeave() {
    overlays?.setHovered(null);
    setHover(null);
  }

  function handleClick(event: MapLayerMouseEvent) {
    // A pin sits on its region: the pin wins and opens its facility.
    const pin = event.features?.find((feature) => feature.layer.id === layerIds.pins);
    if (pin) return callbacks.current.onOpenFacility((pin.properties as PinProperties).id);
    const feature = event.features?.find((each) => each.layer.id === layerIds.fill(level));
    if (typeof feature?.id === 'number') callbacks.current.onSelect(fipsOf(feature.id, level));
  }

  return (
    <div className="risk-map" style={{ height: MAP_HEIGHT_PX }} data-level={level} data-testid="risk-map">
      <MapView
        initialViewState={INITIAL_VIEW}
        style={{ width: '100%', height: MAP_HEIGHT_PX }}
        mapStyle={style.style}
        // Overlays are reinstalled on every style load, so a full reload is what they expect.
        styleDiffing={false}
        workerUrl={workerUrl}
        interactiveLayerIds={[layerIds.pins, layerIds.fill(level)]}
        cursor={hover ? 'pointer' : 'grab'}
        onLoad={handleLoad}
        onMouseMove={handleMouseMove}
        onMouseLeave={handleMouseLeave}
        onClick={handleClick}
        attributionControl={{ compact: true, customAttribution: 'Boundaries: US Census Bureau via us-atlas; land: Natural Earth via world-atlas' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
      </MapView>
      {hover && <HoverCard target={hover} level={level} mapWidth={width} mapHeight={MAP_HEIGHT_PX} />}
    </div>
  );
}
