import type { FacilityDetails } from '@ust/schemas';
import { LeakBadge, RiskScore } from '../../components/Badges';
import { DetailSection, FieldGrid } from '../../components/DetailSection';
import { formatCoordinate, formatCount, formatText as text, formatYears, NOT_AVAILABLE } from '../../components/format';

const year = (value: number | null) => (value === null ? NOT_AVAILABLE : String(value));

/** docs/product.md section 3, 'Facility details': the named fields, in the spec's order. */
export function FacilityKeyInformation({ facility }: { facility: FacilityDetails }) {
  return (
    <DetailSection title="Key Information">
      <FieldGrid
        fields={[
          { label: 'Facility ID', value: facility.Facility_ID },
          { label: 'Name', value: text(facility.Name) },
          { label: 'Address', value: text(facility.Address) },
          { label: 'City', value: text(facility.City) },
          { label: 'State', value: facility.State },
          { label: 'ZIP Code', value: text(facility.Zip_Code) },
          { label: 'County', value: text(facility.County) },
          { label: 'FIPS', value: text(facility.FIPS) },
          { label: 'Latitude', value: formatCoordinate(facility.Latitude) },
          { label: 'Longitude', value: formatCoordinate(facility.Longitude) },
          // A point placed at a ZIP or town is not the site's (docs/decisions/0110-located-by.md).
          ...(facility.location_note ? [{ label: 'Location', value: facility.location_note }] : []),
          { label: 'Total Tanks', value: formatCount(facility.TOTAL_TANK_COUNT) },
          { label: 'Active Tanks', value: formatCount(facility.ACTIVE_TANK_COUNT) },
          { label: 'Inactive Tanks', value: formatCount(facility.INACTIVE_TANK_COUNT) },
          { label: 'Has Leak', value: <LeakBadge hasLeak={facility.HAS_LEAK} /> },
          { label: 'Total Leak Count', value: formatCount(facility.TOTAL_LEAK_COUNT) },
          { label: 'Protection Score (1-10)', value: facility.PROTECTION_SCORE === null ? NOT_AVAILABLE : String(facility.PROTECTION_SCORE) },
          { label: 'Risk Score', value: <RiskScore score={facility.calculated_risk_score} /> },
          { label: 'Average Tank Age', value: formatYears(facility.AVERAGE_TANK_AGE) },
          { label: 'Oldest Tank Year', value: year(facility.OLDEST_TANK_YEAR) },
          { label: 'Newest Tank Year', value: year(facility.NEWEST_TANK_YEAR) },
        ]}
      />
    </DetailSection>
  );
}
