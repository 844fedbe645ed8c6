import { useMemo, useState } from 'react';
import { useRegionFacilitiesQuery, type FacilityListRegion } from '../../api';
import { recordActivity } from '../../telemetry';
import { pinFeatures } from './map-features';
import type { RegionFigures, RegionLevel } from '../../api/region-data';

/**
 * The region chosen on the map or in the finder, its facilities and their pins. Choosing one
 * records 'county_selected' or 'state_selected'; a county's list, once shown, records
 * 'county_facilities_viewed' (docs/product.md section 7).
 */
export function useRegionSelection(level: RegionLevel, figures: RegionFigures | undefined) {
  const [selectedFips, setSelectedFips] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ fips: string } | null>(null);

  const selectedRegion = selectedFips ? (figures?.byFips.get(selectedFips) ?? null) : null;
  // A region without facilities has nothing to list: no call, the panel says so at once.
  const listRegion: FacilityListRegion | null =
    selectedRegion && selectedFips && selectedRegion.total_facilities > 0
      ? level === 'counties'
        ? { level, fips: selectedFips }
        : { level, code: selectedRegion.state }
      : null;
  const list = useRegionFacilitiesQuery(listRegion);
  const pins = useMemo(() => (list.data ? pinFeatures(list.data.facilities) : null), [list.data]);

  const [lastViewedList, setLastViewedList] = useState<unknown>(null);
  if (list.data && list.data !== lastViewedList && level === 'counties' && selectedFips) {
    setLastViewedList(list.data);
    recordActivity('county_facilities_viewed', { details: { fips: selectedFips, facilities: list.data.facilities.length } });
  }

  function select(fips: string) {
    const region = figures?.byFips.get(fips);
    if (!region) return;
    setSelectedFips(fips);
    if (level === 'counties') recordActivity('county_selected', { details: { fips, county: region.COUNTY, state: region.STATE } });
    else recordActivity('state_selected', { details: { fips, state: region.state, name: region.NAME } });
  }

  return {
    selectedFips,
    selectedRegion,
    /** A region to bring into view; a new object each time, so finding one twice works. */
    focus,
    list,
    /** The region whose list is asked for (and exported); null for none or one without facilities. */
    listRegion,
    /** Whether the list is being asked for, rather than skipped for a region without facilities. */
    listLoading: listRegion !== null && list.isLoading,
    pins: selectedFips ? pins : null,
    select,
    /** The finder's choice: selected and brought into view. */
    find(fips: string) {
      setFocus({ fips });
      select(fips);
    },
    clear() {
      setSelectedFips(null);
    },
  };
}
