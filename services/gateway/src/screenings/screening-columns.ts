/**
 * The columns of a screening's downloads, shared by the CSV and the XLSX: the row as given, how
 * it was placed and matched, the matched facility with its risk score and each carrier's
 * indicative premium, and the surroundings. Carriers are columns of their own, named from the
 * quotes the rows hold.
 */
import { PRICING_DISCLAIMER, type ScreeningRow } from '@ust/schemas';
import type { CsvColumn } from '../exports/csv-writer.js';

export const OUTCOME_LABELS: Record<ScreeningRow['outcome'], string> = { matched: 'Matched', screened: 'Screened', not_located: 'Not located' };

/** Every carrier quoted in the rows, in the order first seen. */
export function carriersOf(rows: readonly ScreeningRow[]): string[] {
  const carriers = new Set<string>();
  for (const row of rows) addCarriers(carriers, row);
  return [...carriers];
}

/** The same, of rows read one at a time (a results file). */
export async function carriersIn(rows: AsyncIterable<ScreeningRow>): Promise<string[]> {
  const carriers = new Set<string>();
  for await (const row of rows) addCarriers(carriers, row);
  return [...carriers];
}

function addCarriers(carriers: Set<string>, row: ScreeningRow) {
  for (const quote of row.facility?.pricing.quotes ?? []) carriers.add(quote.carrier);
}

export function screeningColumns(carriers: readonly string[]): Array<CsvColumn<ScreeningRow>> {
  return [
    { header: 'line', cell: (row) => row.line },
    { header: 'reference', cell: (row) => row.reference },
    { header: 'outcome', cell: (row) => OUTCOME_LABELS[row.outcome] },
    { header: 'reason', cell: (row) => row.reason },
    { header: 'input_address', cell: (row) => row.input.address },
    { header: 'input_city', cell: (row) => row.input.city },
    { header: 'input_state', cell: (row) => row.input.state },
    { header: 'input_zip', cell: (row) => row.input.zip },
    { header: 'input_latitude', cell: (row) => row.input.latitude },
    { header: 'input_longitude', cell: (row) => row.input.longitude },
    { header: 'located_by', cell: (row) => row.location?.located_by },
    { header: 'located_address', cell: (row) => row.location?.formatted_address },
    { header: 'latitude', cell: (row) => row.location?.latitude },
    { header: 'longitude', cell: (row) => row.location?.longitude },
    { header: 'match_rule', cell: (row) => row.match?.rule },
    { header: 'match_distance_ft', cell: (row) => row.match?.distance_feet },
    { header: 'facility_id', cell: (row) => row.facility?.id },
    { header: 'facility_name', cell: (row) => row.facility?.name },
    { header: 'facility_address', cell: (row) => row.facility?.address },
    { header: 'facility_city', cell: (row) => row.facility?.city },
    { header: 'facility_state', cell: (row) => row.facility?.state },
    { header: 'facility_zip', cell: (row) => row.facility?.zip_code },
    { header: 'risk_score', cell: (row) => row.facility?.risk_score },
    { header: 'tanks', cell: (row) => row.facility?.tank_count },
    { header: 'active_tanks', cell: (row) => row.facility?.active_tank_count },
    { header: 'releases_at_facility', cell: (row) => (row.facility ? row.facility.leak_count : undefined) },
    { header: 'best_carrier', cell: (row) => row.facility?.pricing.best_carrier },
    { header: 'lowest_premium_usd', cell: (row) => row.facility?.pricing.lowest_premium },
    ...carriers.map((carrier) => ({
      header: `premium_usd_${carrier}`,
      cell: (row: ScreeningRow) => row.facility?.pricing.quotes.find((quote) => quote.carrier === carrier)?.annual_premium,
    })),
    { header: 'no_quote_reason', cell: (row) => row.facility?.pricing.no_quote_reason },
    { header: 'facilities_within_0.25_mi', cell: (row) => row.surroundings?.facilities_within_quarter_mile },
    { header: 'facilities_within_1_mi', cell: (row) => row.surroundings?.facilities_within_one_mile },
    { header: 'releases_within_0.25_mi', cell: (row) => row.surroundings?.releases_within_quarter_mile },
    { header: 'releases_within_1_mi', cell: (row) => row.surroundings?.releases_within_one_mile },
    { header: 'highest_risk_within_1_mi', cell: (row) => row.surroundings?.highest_risk_within_one_mile },
    { header: 'highest_risk_facility_id', cell: (row) => row.surroundings?.highest_risk_facility_id },
    { header: 'nearest_release_id', cell: (row) => row.surroundings?.nearest_release?.release_id },
    { header: 'nearest_release_name', cell: (row) => row.surroundings?.nearest_release?.name },
    { header: 'nearest_release_status', cell: (row) => row.surroundings?.nearest_release?.status_class },
    { header: 'nearest_release_miles', cell: (row) => row.surroundings?.nearest_release?.distance_miles },
    { header: 'record_source', cell: (row) => row.facility?.source },
    // Demo records are generated, and say so in every download (data honesty).
    {
      header: 'generated_demo_record',
      cell: (row) =>
        row.facility || row.surroundings?.nearest_release
          ? row.facility?.is_generated || row.surroundings?.nearest_release?.is_generated
            ? 'yes'
            : 'no'
          : undefined,
    },
    { header: 'pricing_note', cell: (row) => (row.facility?.pricing.quotes.length ? PRICING_DISCLAIMER : undefined) },
  ];
}
