/**
 * /county-map (shown as Map, SPEC.md section 2): states or counties coloured by a chosen
 * figure and scale, a hover card, a selected region's figures and facilities with pins, and a
 * facility density heat map. Static geometry and per-level figures load in parallel; every
 * control change is recorded as its activity (SPEC.md section 7).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFacilityDensityQuery, useMapConfigQuery, useRegionFacilitiesQuery, useRegionFiguresQuery, type DensityResolution, type FacilityListRegion } from '../../api';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { recordActivity } from '../../telemetry';
import { RequireSignIn } from '../auth';
import { FacilityDetailsDialog } from '../facility-details/FacilityDetailsDialog';
import { ReleaseDetailsDialog } from '../release-details/ReleaseDetailsDialog';
import { DEFAULT_MAP_STYLE, resolveMapStyle, type MapStyleId } from './base-styles';
import { buildColorScale, DEFAULT_COLOR_SCALE, rampPosition, type ColorScaleKind } from './color-scales';
import { MapControls, type MapSettings } from './MapControls';
import { MapLegend } from './MapLegend';
import { DEFAULT_METRIC, metricOf, metricValue, type MetricKey } from './map-metrics';
import { densityFeatures, densityResolutionFor, pinFeatures } from './map-features';
import { performanceMarks } from './map-timing';
import { DEFAULT_LEVEL, type RegionFiguresDocument, type RegionLevel } from './region-data';
import { featureIdOf, loadLand, loadMapGeometry } from './region-geometry';
import { RegionFinder } from './RegionFinder';
import { RegionPanel } from './RegionPanel';
import { INITIAL_VIEW, RiskMap } from './RiskMap';
import './county-map.css';

export function CountyMapPage() {
  return (
    <RequireSignIn prompt="Please log in to access the county map">
      <CountyMap />
    </RequireSignIn>
  );
}

const INITIAL_SETTINGS: MapSettings = { level: DEFAULT_LEVEL, metric: DEFAULT_METRIC, scale: DEFAULT_COLOR_SCALE, style: DEFAULT_MAP_STYLE, showDensity: false };

interface OpenFacility {
  id: string;
  name: string | null;
}

function CountyMap() {
  const [settings, setSettings] = useState(INITIAL_SETTINGS);
  const [selectedFips, setSelectedFips] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ fips: string } | null>(null);
  const [densityResolution, setDensityResolution] = useState<DensityResolution>(densityResolutionFor(INITIAL_VIEW.zoom));
  const [mapLoaded, setMapLoaded] = useState(false);
  const [facility, setFacility] = useState<OpenFacility | null>(null);
  const [releaseId, setReleaseId] = useState<string | null>(null);
  const { level, metric, scale: scaleKind, style: styleId, showDensity } = settings;

  const geometry = useQuery({ queryKey: ['map-geometry'], queryFn: ({ signal }) => loadMapGeometry(signal), staleTime: Infinity, gcTime: Infinity });
  const figures = useRegionFiguresQuery(level);
  const config = useMapConfigQuery();
  const style = useMemo(() => resolveMapStyle(styleId, config.data ?? null), [styleId, config.data]);
  const land = useQuery({ queryKey: ['map-land'], queryFn: ({ signal }) => loadLand(signal), staleTime: Infinity, gcTime: Infinity, enabled: style.drawsLand });

  const colorScale = useMemo(
    () => buildColorScale(scaleKind, figures.data ? [...figures.data.byFips.values()].map((region) => metricValue(region, metric)) : []),
    [scaleKind, metric, figures.data],
  );
  const colours = useMemo(() => {
    if (!figures.data) return null;
    const positions = new Map<number, number>();
    for (const [fips, region] of figures.data.byFips) positions.set(featureIdOf(fips), rampPosition(colorScale, metricValue(region, metric)));
    return { level: figures.data.level, positions };
  }, [figures.data, colorScale, metric]);

  const selectedRegion = selectedFips ? (figures.data?.byFips.get(selectedFips) ?? null) : null;
  // A region without facilities has nothing to list: no call, the panel says so at once.
  const listRegion: FacilityListRegion | null =
    selectedRegion && selectedFips && selectedRegion.total_facilities > 0
      ? level === 'counties'
        ? { level, fips: selectedFips }
        : { level, code: selectedRegion.state }
      : null;
  const list = useRegionFacilitiesQuery(listRegion);
  const pins = useMemo(() => (list.data ? pinFeatures(list.data.facilities) : null), [list.data]);
  const density = useFacilityDensityQuery(densityResolution, showDensity);
  const densityCells = useMemo(() => (density.data ? densityFeatures(density.data) : null), [density.data]);

  function change<K extends keyof MapSettings>(key: K, value: MapSettings[K]) {
    setSettings((current) => ({ ...current, [key]: value }));
  }

  function changeLevel(next: RegionLevel) {
    // SPEC.md section 4: a new boundary level clears the selected region and its list.
    setSelectedFips(null);
    change('level', next);
    recordActivity('boundary_level_change', { details: { from: level, to: next } });
  }

  function changeMetric(next: MetricKey) {
    performanceMarks.recolourRequested();
    change('metric', next);
    recordActivity('county_metric_change', { details: { metric: next, level } });
  }

  function changeScale(next: ColorScaleKind) {
    performanceMarks.recolourRequested();
    change('scale', next);
    recordActivity('map_color_scale_change', { details: { scale: next, metric } });
  }

  function changeStyle(next: MapStyleId) {
    change('style', next);
    recordActivity('county_map_style_change', { details: { style: next, drawn: resolveMapStyle(next, config.data ?? null).drawn } });
  }

  function selectRegion(fips: string) {
    const region = figures.data?.byFips.get(fips);
    if (!region) return;
    setSelectedFips(fips);
    if (level === 'counties') recordActivity('county_selected', { details: { fips, county: region.COUNTY, state: region.STATE } });
    else recordActivity('state_selected', { details: { fips, state: region.state, name: region.NAME } });
  }

  function onColoured(colouredLevel: RegionLevel) {
    performanceMarks.coloured(colouredLevel);
    if (mapLoaded) return;
    setMapLoaded(true);
    recordActivity('map_loaded', { details: { level: colouredLevel, regions: figures.data?.byFips.size ?? 0 } });
  }

  const [lastViewedList, setLastViewedList] = useState<unknown>(null);
  if (list.data && list.data !== lastViewedList && level === 'counties' && selectedFips) {
    setLastViewedList(list.data);
    recordActivity('county_facilities_viewed', { details: { fips: selectedFips, facilities: list.data.facilities.length } });
  }

  const metricInfo = metricOf(metric);
  const failed = geometry.isError || figures.isError;
  return (
    <Page title="USA Storage Tank Risk Analysis" lead="States and counties coloured by facility and release figures. Hover for figures; click a region for its facilities.">
      <MapControls
        settings={settings}
        onLevel={changeLevel}
        onMetric={changeMetric}
        onScale={changeScale}
        onStyle={changeStyle}
        onDensity={(show) => change('showDensity', show)}
        styleHint={style.fallbackReason}
      >
        {figures.data && (
          <RegionFinder
            figures={figures.data}
            level={level}
            onFind={(fips) => {
              setFocus({ fips });
              selectRegion(fips);
            }}
          />
        )}
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
            level={level}
            figures={figures.data}
            colours={colours}
            style={style}
            selectedFips={selectedFips}
            focus={focus}
            pins={selectedFips ? pins : null}
            density={densityCells}
            showDensity={showDensity}
            onSelect={selectRegion}
            onOpenFacility={(id) => {
              const item = list.data?.facilities.find((each) => each.Facility_ID === id);
              recordActivity('facility_view', { facility_id: id, location_lat: item?.Latitude ?? null, location_lon: item?.Longitude ?? null });
              setFacility({ id, name: item?.Name ?? null });
            }}
            onDensityResolution={setDensityResolution}
            onColoured={onColoured}
          />
        ) : (
          !failed && <Loading text="Loading USA county map and facility data..." />
        )}
        {geometry.data && !figures.data && !failed && (
          <div className="map-loading-overlay">
            <Loading text="Loading USA county map and facility data..." />
          </div>
        )}
        {figures.data && <MapLegend metric={metricInfo} scale={colorScale} />}
        {showDensity && density.isFetching && <p className="map-density-status" role="status">Loading facility density...</p>}
      </div>
      {figures.data && <MapSources metadata={figures.data.document.metadata} />}
      {selectedRegion && (
        <RegionPanel
          key={`${level}:${selectedFips}`}
          region={selectedRegion}
          level={level}
          list={{ data: list.data, isLoading: listRegion !== null && list.isLoading }}
          onClose={() => setSelectedFips(null)}
          onOpenFacility={(item) => {
            recordActivity('facility_view', { facility_id: item.Facility_ID, location_lat: item.Latitude, location_lon: item.Longitude });
            setFacility({ id: item.Facility_ID, name: item.Name });
          }}
        />
      )}
      {facility && (
        <FacilityDetailsDialog
          key={facility.id}
          facilityId={facility.id}
          facilityName={facility.name}
          onClose={() => setFacility(null)}
          onOpenRelease={(id) => {
            recordActivity('release_view', { release_id: id });
            setReleaseId(id);
          }}
        />
      )}
      {releaseId && <ReleaseDetailsDialog key={releaseId} releaseId={releaseId} onClose={() => setReleaseId(null)} />}
    </Page>
  );
}

/** Where the figures come from, and how much of them is generated demo data. */
function MapSources({ metadata }: { metadata: RegionFiguresDocument['metadata'] }) {
  const { real_facilities: real, generated_facilities: generated } = metadata.sources;
  return (
    <p className="map-sources">
      Figures from dataset version {metadata.dataset_version}, built {new Date(metadata.generated_at).toLocaleString()}: {real.toLocaleString('en-US')} facilities
      from EPA files{generated > 0 ? ` and ${generated.toLocaleString('en-US')} generated demo facilities` : ''}.
    </p>
  );
}
