/**
 * The MapLibre map of the risk screen: the base style, the region fills coloured from
 * feature-state, hover card, selection outline, facility pins, the density heat map and the
 * "Data coverage" layer with its popup. The
 * map instance is handed to the hooks by ref: useRiskMapOverlays draws the overlays and keeps
 * them in step with the page, useMapPointer follows the pointer and clicks.
 */
import { Map as MapView, NavigationControl, Popup, type MapRef } from '@vis.gl/react-maplibre';
import type { Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import type { StateCoverage } from '@ust/schemas';
import { CoveragePopupContent } from '../data-coverage/CoveragePopup';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import type { DensityResolution } from '../../api';
import { exposeRiskMap } from './expose-risk-map';
import { HoverCard } from './HoverCard';
import { layerIds } from './layers';
import { densityResolutionFor } from './map-features';
import type { RegionFigures } from '../../api/region-data';
import { useMapPointer } from './useMapPointer';
import { useRiskMapOverlays, type OverlayView } from './useRiskMapOverlays';
import type { MapViewport } from './viewport-counties';

/** docs/product.md section 2 and 9: centred on -98.5, 39.8 at zoom 4, 600 px high. */
export const INITIAL_VIEW = { longitude: -98.5, latitude: 39.8, zoom: 4 } as const;
export const MAP_HEIGHT_PX = 600;

const ATTRIBUTION = 'Boundaries: US Census Bureau via us-atlas; land: Natural Earth via world-atlas';

interface RiskMapProps extends OverlayView {
  figures: RegionFigures | undefined;
  onSelect: (fips: string) => void;
  /** A facility pin was clicked. */
  onOpenFacility: (facilityId: string) => void;
  onDensityResolution: (resolution: DensityResolution) => void;
  /** The map settled on a view (after loading and after every move). */
  onViewChange: (view: MapViewport) => void;
  /** Every state's coverage, for the "Data coverage" layer's popup. */
  coverageStates: readonly StateCoverage[];
}

export function RiskMap(props: RiskMapProps) {
  const { level, style } = props;
  const mapRef = useRef<MapRef>(null);
  const { overlays, install } = useRiskMapOverlays(mapRef, props);
  const { hover, handlers } = useMapPointer(overlays, props);
  const [width, setWidth] = useState(0);
  const [coveragePopup, setCoveragePopup] = useState<{ longitude: number; latitude: number; state: string } | null>(null);
  const latest = useRef(props);
  latest.current = props;

  function handleLoad(event: { target: MapLibreMap }) {
    const map = event.target;
    exposeRiskMap(map);
    install(map);
    setWidth(map.getContainer().clientWidth);
    map.on('resize', () => setWidth(map.getContainer().clientWidth));
    map.on('zoomend', () => latest.current.onDensityResolution(densityResolutionFor(map.getZoom())));
    const reportView = () => {
      const bounds = map.getBounds();
      latest.current.onViewChange({ zoom: map.getZoom(), bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] });
    };
    map.on('moveend', reportView);
    // The layer is hidden unless "Data coverage" is on, and a hidden layer answers no click.
    map.on('click', layerIds.coverage, (event: MapLayerMouseEvent) => {
      const state = event.features?.[0]?.properties['state'];
      if (typeof state === 'string') setCoveragePopup({ longitude: event.lngLat.lng, latitude: event.lngLat.lat, state });
    });
    reportView();
  }

  useEffect(() => () => exposeRiskMap(undefined), []);
  const popupState = props.showCoverage && coveragePopup ? props.coverageStates.find((state) => state.state === coveragePopup.state) : undefined;

  return (
    <div className="risk-map" style={{ height: MAP_HEIGHT_PX }} data-level={level} data-testid="risk-map">
      <MapView
        ref={mapRef}
        initialViewState={INITIAL_VIEW}
        style={{ width: '100%', height: MAP_HEIGHT_PX }}
        mapStyle={style.style}
        // Overlays are reinstalled on every style load, so a full reload is what they expect.
        styleDiffing={false}
        workerUrl={workerUrl}
        interactiveLayerIds={[layerIds.pins, layerIds.fill(level)]}
        cursor={hover ? 'pointer' : 'grab'}
        onLoad={handleLoad}
        {...handlers}
        attributionControl={{ compact: true, customAttribution: ATTRIBUTION }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {popupState && coveragePopup && (
          <Popup
            longitude={coveragePopup.longitude}
            latitude={coveragePopup.latitude}
            onClose={() => setCoveragePopup(null)}
            closeOnClick={false}
            maxWidth="360px"
          >
            <CoveragePopupContent state={popupState} />
          </Popup>
        )}
      </MapView>
      {hover && <HoverCard target={hover} level={level} mapWidth={width} mapHeight={MAP_HEIGHT_PX} />}
    </div>
  );
}
