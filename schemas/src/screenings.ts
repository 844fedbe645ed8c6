/**
 * Portfolio screening (docs/decisions/0034-access-by-role.md, 0035-portfolio-matching.md): a
 * broker or underwriter uploads a CSV of locations (an address, or latitude and longitude, and
 * their own reference for each). A job on the screenings queue geocodes each row, matches the
 * facility at that location when there is one, and otherwise screens the location: facilities
 * and releases within 0.25 and 1 mile, the nearest release, the highest risk score nearby. A
 * screening belongs to its owner; admins see every one.
 */
import Type, { type Static } from 'typebox';
import { SearchFacilityItem } from './search.js';

// The limits a portfolio file is held to live in ./constants.js, which the web app bundles without typebox.
export { MAX_SCREENING_BYTES, MAX_SCREENING_ROWS, SCREENING_MATCH_FEET, SCREENING_RADII_MILES, SCREENING_ROLES } from './constants.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A row of a portfolio file as read: what the screening job screens, in file order. */
export interface PortfolioRow {
  line: number;
  reference: string | null;
  input: ScreeningInput;
  /** Why the row cannot be located (it is listed as not located with this reason). */
  problem: string | null;
  /** What to know about a row that is still screened (a reference used before). */
  note: string | null;
}

export const ScreeningStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')], {
  description: 'queued → running → done; or failed with its reason. A screening running when the platform stopped resumes where it was.',
});
export type ScreeningStatus = Static<typeof ScreeningStatus>;

export const ScreeningOutcome = Type.Union([Type.Literal('matched'), Type.Literal('screened'), Type.Literal('not_located')], {
  description:
    'matched: a facility is at the location (see match); screened: no facility is, the surroundings were screened; not_located: the row could not be placed (see reason).',
});
export type ScreeningOutcome = Static<typeof ScreeningOutcome>;

export const ScreeningRun = Type.Object({
  id: Type.String(),
  file_name: Type.String(),
  owner_id: Type.String({ description: "The owner's user id." }),
  owner_email: Nullable(Type.String()),
  status: ScreeningStatus,
  failure: Nullable(Type.String()),
  rows_total: Type.Integer({ minimum: 0 }),
  rows_done: Type.Integer({ minimum: 0 }),
  rows_per_second: Type.Number({ minimum: 0 }),
  eta_seconds: Nullable(Type.Number({ minimum: 0 })),
  matched: Type.Integer({ minimum: 0 }),
  screened: Type.Integer({ minimum: 0 }),
  not_located: Type.Integer({ minimum: 0 }),
  /** The dataset version the rows were screened against (the live one when the job started). */
  dataset_version: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
});
export type ScreeningRun = Static<typeof ScreeningRun>;

export const ScreeningsResponse = Type.Object({ screenings: Type.Array(ScreeningRun, { description: 'Newest first: your own, or every one for an admin.' }) });
export type ScreeningsResponse = Static<typeof ScreeningsResponse>;

export const ScreeningIdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9-]{1,80}$' }) });

export const ScreeningAccepted = Type.Object({ id: Type.String(), status: Type.Literal('queued'), rows_total: Type.Integer({ minimum: 0 }) });
export type ScreeningAccepted = Static<typeof ScreeningAccepted>;

/** A row as the file gave it (trimmed; absent columns are null). */
export const ScreeningInput = Type.Object({
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  zip: Nullable(Type.String()),
  latitude: Nullable(Type.String()),
  longitude: Nullable(Type.String()),
});
export type ScreeningInput = Static<typeof ScreeningInput>;

export const ScreeningLocation = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** 'coordinates' when the row gave them; else the geocoder's match type ('address', 'zip', 'place'). */
  located_by: Type.String(),
  formatted_address: Nullable(Type.String()),
});

export const ScreeningMatch = Type.Object({
  rule: Type.Union([Type.Literal('address'), Type.Literal('proximity')], {
    description: "address: the normalised street address and ZIP equal the facility's; proximity: the facility lies within 250 ft of the row's point.",
  }),
  distance_feet: Type.Integer({ minimum: 0 }),
});

export const ScreeningNearestRelease = Type.Object({
  release_id: Type.String(),
  lust_id: Type.String(),
  name: Nullable(Type.String()),
  status_class: Type.String(),
  /** Never under 1 from an approximate point (docs/decisions/0110-located-by.md). */
  distance_miles: Type.Number(),
  is_generated: Type.Boolean(),
  /** Placed at a ZIP or town; absent from results saved before placements. */
  approximate: Type.Optional(Type.Boolean()),
});

export const ScreeningSurroundings = Type.Object({
  facilities_within_quarter_mile: Type.Integer({ minimum: 0 }),
  facilities_within_one_mile: Type.Integer({ minimum: 0 }),
  releases_within_quarter_mile: Type.Integer({ minimum: 0 }),
  releases_within_one_mile: Type.Integer({ minimum: 0 }),
  /** The highest risk score of the facilities within 1 mile (null when none is scored). */
  highest_risk_within_one_mile: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
  highest_risk_facility_id: Nullable(Type.String()),
  /** The closest release within 10 miles. */
  nearest_release: Nullable(ScreeningNearestRelease),
});
export type ScreeningSurroundings = Static<typeof ScreeningSurroundings>;

export const ScreeningRow = Type.Object({
  /** The row's line in the file (the header is line 1). */
  line: Type.Integer({ minimum: 2 }),
  reference: Nullable(Type.String()),
  input: ScreeningInput,
  outcome: ScreeningOutcome,
  /** Why a row was not located, or what to know about it (a duplicate reference). */
  reason: Nullable(Type.String()),
  location: Nullable(ScreeningLocation),
  match: Nullable(ScreeningMatch),
  /** The matched facility with its risk score and indicative quotes. */
  facility: Nullable(SearchFacilityItem),
  surroundings: Nullable(ScreeningSurroundings),
});
export type ScreeningRow = Static<typeof ScreeningRow>;

export const ScreeningResult = Type.Object({
  screening: ScreeningRun,
  /** In file order; complete once the screening is done. */
  rows: Type.Array(ScreeningRow),
  /** Quotes are indicative estimates (docs/decisions/0013-indicative-estimates.md). */
  pricing_note: Type.String(),
});
export type ScreeningResult = Static<typeof ScreeningResult>;

export const ScreeningPdfQuery = Type.Object({ paper: Type.Optional(Type.Union([Type.Literal('a4'), Type.Literal('letter')], { default: 'letter' })) });
export const ScreeningXlsx = Type.String({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
export const ScreeningPdf = Type.String({ description: 'application/pdf: the portfolio summary' });
