/**
 * /county-map (shown as Map, docs/product.md section 2): states or counties coloured by a
 * chosen figure and scale, a hover card, a selected region's figures and facilities with
 * pins, a facility density heat map, and the "Data coverage" layer: each state real, partly
 * real or generated (docs/decisions/0111-national-demo-real-records.md). Static geometry and per-level figures load in
 * parallel; every control change is recorded as its activity (docs/product.md section 7).
 */
import { useMemo, useState } from 'react';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { recordActivity } from '../../telemetry';
import { RequireSignIn } from '../auth';
import { useDetailDialogs } from '../detail-dialogs/useDetailDialogs';
import { INITIAL_MAP_SETTINGS, mapControlHandlers } from './map-control-handlers';
import { MapControls } from './MapControls';
import { MapLegend } from './MapLegend';
import { usePreferencesQuery, useStatisticsQuery } from '../../api';
import type { StateCoverage } from '@ust/schemas';
import { DEFAULT_PREFERENCES } from '@ust/schemas/constants';
import { CoverageLegend } from '../data-coverage/CoverageLegend';
import { coverageFeatures } from './coverage-features';
import { mergePins, pinsToShow } from './map-features';
import { metricOf } from './map-metrics';
import { performanceMarks } from './map-timing';
import { MapSources } from './MapSources';
import type { RegionLevel } from '../../api/region-data';
import { RegionFinder } from './RegionFinder';
import { RegionPanel } from './RegionPanel';
import { RiskMap } from './RiskMap';
import { useCountyMapData } from './useCountyMapData';
import { useFacilityDensity } from './useFacilityDensity';
import { useRegionSelection } from './useRegionSelection';
import { useViewportPins } from './useViewportPins';
import './county-map.css';

export function CountyMapPage() {
  return (
    <RequireSignIn prompt="Please log in to access the county map">
      <CountyMap />
    </RequireSignIn>
  );
}

const NO_COVERAGE: readonly StateCoverage[] = [];

const LOADING_TEXT = 'Loading USA county map and facility data...';

function CountyMap() {
  const [settings, setSettings] = useState(INITIAL_MAP_SETTINGS);
  const { level, metric, showDensity, showCoverage } = settings;
  const { geometry, figures, config, style, land, labels, colorScale, colours } = useCountyMapData(settings);
  const selection = useRegionSelection(level, figures.data);
  const inView = useViewportPins(geometry.data, figures.data);
  const preferences = usePreferencesQuery();
  const showAllPins = preferences.data?.show_all_search_markers ?? DEFAULT_PREFERENCES.show_all_search_markers;
  const pins = useMemo(() => pinsToShow(mergePins(selection.pins, inView.pins), showAllPins), [selection.pins, inView.pins, showAllPins]);
  const density = useFacilityDensity(showDensity);
  const statistics = useStatisticsQuery();
  const coverageStates = statistics.data?.coverage ?? NO_COVERAGE;
  const coverage = useMemo(() => (geometry.data ? coverageFeatures(geometry.data.regions.states, coverageStates) : null), [geometry.data, coverageStates]);
  const controls = mapControlHandlers({ settings, setSettings, config, clearSelection: selection.clear });
  const [mapLoaded, setMapLoaded] = useState(false);
  const { openFacility, dialogs } = useDetailDialogs();

  function onColoured(colouredLevel: RegionLevel) {
    performanceMarks.coloured(colouredLevel);
    if (mapLoaded) return;
    setMapLoaded(true);
    recordActivity('map_loaded', { details: { level: colouredLevel, regions: figures.data?.byFips.size ?? 0 } });
  }

  function openPin(id: string) {
    const item = [...(selection.list.data?.facilities ?? []), ...inView.facilities].find((each) => each.Facility_ID === id);
    openFacility({ id, name: item?.Name ?? null, latitude: item?.Latitude ?? null, longitude: item?.Longitude ?? null });
  }

  const failed = geometry.isError || figures.isError;
  return (
    <Page
      title="USA Storage Tank Risk Analysis"
      lead="States and counties coloured by facility and release figures. Hover for figures; click a region for its facilities, or zoom in to see them on the map."
    >
      <MapControls settings={settings} {...controls} styleHint={style.fallbackReason}>
        {figures.data && <RegionFinder figures={figures.data} level={level} onFind={selection.find} />}
      </MapControls>
      {failed && (
        <div className="map-failure" role="alert">
          <p>The map data could not be loaded.</p>
          <button type="button" className="button button-secondary" onClick={() => void Promise.all([geometry.refetch(), figures.refetch()])}>
            Retry
          </button>
        </div>
      )}
      <div className="map-frame">
        {geometry.data ? (
          <RiskMap
            geometry={geometry.data}
            land={land.data ?? null}
            labels={labels.data ?? null}
            level={level}
            figures={figures.data}
            colours={colours}
            style={style}
            selectedFips={selection.selectedFips}
            focus={selection.focus}
            pins={pins}
            density={density.cells}
            showDensity={showDensity}
            coverage={coverage}
            showCoverage={showCoverage}
            coverageStates={coverageStates}
            onSelect={selection.select}
            onOpenFacility={openPin}
            onDensityResolution={density.setResolution}
            onViewChange={inView.onViewChange}
            onColoured={onColoured}
          />
        ) : (
          !failed && <Loading text={LOADING_TEXT} />
        )}
        {geometry.data && !figures.data && !failed && (
          <div className="map-loading-overlay">
            <Loading text={LOADING_TEXT} />
          </div>
        )}
        {figures.data && !showCoverage && <MapLegend metric={metricOf(metric)} scale={colorScale} />}
        {showCoverage && <CoverageLegend />}
        {showDensity && density.isFetching && (
          <p className="map-density-status" role="status">
            Loading facility density...
          </p>
        )}
      </div>
      {figures.data && <MapSources metadata={figures.data.document.metadata} />}
      {selection.selectedRegion && (
        <RegionPanel
          key={`${level}:${selection.selectedFips}`}
          region={selection.selectedRegion}
          level={level}
          list={{ data: selection.list.data, isLoading: selection.listLoading }}
          listRegion={selection.listRegion}
          onClose={selection.clear}
          onOpenFacility={(item) => openFacility({ id: item.Facility_ID, name: item.Name, latitude: item.Latitude, longitude: item.Longitude })}
        />
      )}
      {dialogs}
    </Page>
  );
}
