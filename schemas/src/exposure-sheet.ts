/**
 * A facility's exposure sheet: what an underwriter files about one facility, as the
 * print page shows it and the PDF prints it. Built from the same records, risk score and quotes
 * as the facility details dialog, as of the dataset version the platform serves.
 */
import Type, { type Static } from 'typebox';
import { RiskValidation } from './risk-model.js';
import { RiskAssessment } from './facility-data.js';
import { PricingInfo } from './pricing.js';
import { LOCATED_BY } from './dataset.js';

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableFlag = Type.Union([Type.Boolean(), Type.Null()]);

export { RISK_FACTOR_LABELS } from './constants.js';

/**
 * The county outline and the facility's point, projected (equirectangular, longitude scaled by
 * the cosine of the latitude) into a `width` x `height` box with y down: SVG path data the page
 * draws in an <svg> and the PDF draws with the same path.
 */
export const LocatorDrawing = Type.Object({
  width: Type.Number(),
  height: Type.Number(),
  /** The county as us-atlas names it, without 'County'. */
  county_name: Type.String(),
  /** SVG path data of every ring of the county outline. */
  outline: Type.String(),
  point: Type.Object({ x: Type.Number(), y: Type.Number() }),
});
export type LocatorDrawing = Static<typeof LocatorDrawing>;

export const ExposureSheetTank = Type.Object({
  tank_id: Type.String(),
  status: NullableString,
  installation_date: NullableString,
  install_year: NullableInteger,
  /** Whole years at the dataset's build time. */
  age_years: NullableInteger,
  removal_date: NullableString,
  material: NullableString,
  tank_wall_type: NullableString,
  corrosion_protection: NullableString,
  secondary_containment: NullableFlag,
  leak_detection: NullableString,
  substances: NullableString,
  capacity_gallons: NullableNumber,
});
export type ExposureSheetTank = Static<typeof ExposureSheetTank>;

export const ExposureSheetRelease = Type.Object({
  release_id: Type.String(),
  lust_id: Type.String(),
  status: NullableString,
  status_class: Type.Enum(['Open', 'No Further Action', 'Other']),
  reported_date: NullableString,
  nfa_date: NullableString,
  substance: NullableString,
});
export type ExposureSheetRelease = Static<typeof ExposureSheetRelease>;

export const ExposureSheet = Type.Object(
  {
    facility: Type.Object({
      facility_id: Type.String(),
      source_facility_id: Type.String(),
      name: NullableString,
      address: NullableString,
      city: NullableString,
      state: Type.String(),
      zip_code: NullableString,
      county: NullableString,
      fips: NullableString,
      latitude: NullableNumber,
      longitude: NullableNumber,
      /** How the point was found (docs/decisions/0110-located-by.md); null without a point. */
      located_by: Type.Union([Type.Enum([...LOCATED_BY]), Type.Null()]),
      /** 'Approximate location (ZIP 21201)' for a point placed at a ZIP or town; null otherwise. */
      location_note: NullableString,
      facility_status: NullableString,
      owner_type: NullableString,
      /** The file the record was read from, or 'generated'. */
      source: Type.String(),
      source_line: Type.Integer(),
      import_id: Type.String(),
      /** A generated demo record: the sheet says so. */
      is_generated: Type.Boolean(),
    }),
    /** The dataset build the figures are taken from. */
    as_of: Type.Object({
      dataset_version: Type.Integer(),
      /** ISO time of the build; null before the first build. */
      generated_at: NullableString,
      /** The import the build came from. */
      import_id: NullableString,
    }),
    tanks: Type.Array(ExposureSheetTank),
    /** Newest report first. */
    releases: Type.Array(ExposureSheetRelease),
    /** Whether the facility's state provided release data (docs/decisions/0037-leaks-not-reported.md). */
    leak_data: Type.Enum(['reported', 'not_reported']),
    receptors: Type.Object({
      population_1500ft: NullableInteger,
      private_wells_1500ft: NullableInteger,
      within_spa: NullableFlag,
      spa_water_type: NullableString,
      within_whpa: NullableFlag,
      whpa_water_type: NullableString,
      within_100yr_floodplain: NullableFlag,
    }),
    risk: RiskAssessment,
    /** How the score's model did on real outcomes (GET /api/risk-model); null when it was not tested. */
    risk_validation: Type.Union([RiskValidation, Type.Null()]),
    pricing: PricingInfo,
    /** Null when the facility has no coordinates or no county shape. */
    locator: Type.Union([LocatorDrawing, Type.Null()]),
  },
  { $id: 'ExposureSheet' },
);
export type ExposureSheet = Static<typeof ExposureSheet>;

export const ExposureSheetPdf = Type.String({ description: 'application/pdf: the exposure sheet, A4 or Letter' });

/** GET /facilities/{id}/exposure-sheet.pdf?paper=. */
export const ExposureSheetPdfQuery = Type.Object({
  paper: Type.Enum(['a4', 'letter'], { default: 'a4', description: 'Page size' }),
});
export type ExposureSheetPdfQuery = Static<typeof ExposureSheetPdfQuery>;
