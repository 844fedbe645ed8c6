/**
 * Rows of the region aggregate queries. They carry sums and counts rather than averages, so
 * regions can be merged (two state codes of one FIPS) and averaged per tank.
 */
export interface FacilityAggregateRow {
  /** USPS state code or 5-digit county FIPS. */
  region: string;
  total_facilities: number;
  facilities_with_leaks: number;
  /** Facilities whose state had release data: the leak rate's denominator (docs/decisions/0037-leaks-not-reported.md). */
  reported_facilities: number;
  /** Facilities not on tribal lands: of the state's own export (or generated). */
  state_source_facilities: number;
  total_tanks: number;
  active_tanks: number;
  /** Tanks the facilities' ages were computed over, and the sum of their ages in years. */
  age_tank_count: number;
  tank_age_sum: number;
  max_tank_age: number | null;
  /** Facilities with a protection score, and the sum of those scores. */
  scored_facilities: number;
  protection_score_sum: number;
  /** Facilities with a risk score (1-10), and the sum of those scores. */
  risk_scored_facilities: number;
  risk_score_sum: number;
  total_capacity: number;
  total_leaks: number;
  generated_facilities: number;
}

export interface ReleaseAggregateRow {
  region: string;
  total_releases: number;
  /** Releases not on tribal lands: of the state's own export (or generated). */
  state_source_releases: number;
  open_releases: number;
  closed_releases: number;
  generated_releases: number;
}
