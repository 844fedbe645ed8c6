import { useId } from 'react';
import type { FacilityListItem, RegionProperties } from '@ust/schemas';
import type { FacilityListRegion, RegionFacilities } from '../../api';
import { ExportButtons, type ExportOption } from '../../components/ExportButtons';
import { formatCount } from '../../components/format';
import { Loading } from '../../components/Loading';
import { FacilityTable } from './FacilityTable';
import type { RegionLevel } from '../../api/region-data';
import { EMPTY_COUNTY_TEXT, EMPTY_STATE_TEXT, facilityListTitle, LOADING_COUNTY_TEXT, LOADING_STATE_TEXT, panelFigures, regionTitle } from './region-format';

export interface FacilityListState {
  /** Undefined while loading; empty after a failure (logged by the API client). */
  data: RegionFacilities | undefined;
  isLoading: boolean;
}

interface RegionPanelProps {
  region: RegionProperties;
  level: RegionLevel;
  list: FacilityListState;
  /** The region the list is read for: its exports hold every facility of it. */
  listRegion: FacilityListRegion | null;
  onClose: () => void;
  onOpenFacility: (facility: FacilityListItem) => void;
}

/** The selected region's figures and facilities (docs/product.md section 2). */
export function RegionPanel({ region, level, list, listRegion, onClose, onOpenFacility }: RegionPanelProps) {
  const headingId = useId();
  const facilities = list.data?.facilities ?? [];
  return (
    <section className="map-region-panel" aria-labelledby={headingId}>
      <header className="map-region-header">
        <h2 id={headingId}>{regionTitle(region, level)}</h2>
        <button type="button" className="map-region-close" onClick={onClose} aria-label="Close region details">
          ×
        </button>
      </header>
      <dl className="map-region-figures">
        {panelFigures(region, level).map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {region.generated_share > 0 && (
        <p className="map-demo-note">{Math.round(region.generated_share * 100)}% of this region's facilities are generated demo records, marked Demo below.</p>
      )}
      {list.isLoading ? (
        <Loading text={level === 'states' ? LOADING_STATE_TEXT : LOADING_COUNTY_TEXT} />
      ) : facilities.length === 0 ? (
        <p className="map-empty">{level === 'states' ? EMPTY_STATE_TEXT : EMPTY_COUNTY_TEXT}</p>
      ) : (
        <>
          <h3>{facilityListTitle(region, level, facilities.length, list.data?.total ?? facilities.length)}</h3>
          {listRegion && <ExportButtons label="Export the facilities" options={regionExports(listRegion, list.data?.total ?? facilities.length)} />}
          <FacilityTable
            key={`${level}:${region.GEO_ID}`}
            facilities={facilities}
            caption={facilityListTitle(region, level, facilities.length, list.data?.total ?? facilities.length)}
            onOpenFacility={onOpenFacility}
          />
        </>
      )}
    </section>
  );
}

/**
 * A region's every facility as CSV (the button says how many rows: a state's whole list, not
 * the sample the table shows) or GeoJSON (the map's selection as points).
 */
export function regionExports(region: FacilityListRegion, total: number): ExportOption[] {
  const rows = `Export ${formatCount(total)} ${total === 1 ? 'row' : 'rows'} as CSV`;
  if (region.level === 'counties') {
    const request = { params: { fips: region.fips } };
    return [
      { label: rows, download: { route: 'GET /api/facilities/by-fips/{fips}/export/csv', request, fallbackName: `facilities-${region.fips}.csv` } },
      {
        label: 'Export as GeoJSON',
        download: { route: 'GET /api/facilities/by-fips/{fips}/export/geojson', request, fallbackName: `facilities-${region.fips}.geojson` },
      },
    ];
  }
  const request = { params: { state: region.code } };
  return [
    { label: rows, download: { route: 'GET /api/facilities/by-state/{state}/export/csv', request, fallbackName: `facilities-${region.code}.csv` } },
    {
      label: 'Export as GeoJSON',
      download: { route: 'GET /api/facilities/by-state/{state}/export/geojson', request, fallbackName: `facilities-${region.code}.geojson` },
    },
  ];
}
