/**
 * Values the web app needs at run time, in a module without typebox: the app imports them from
 * `@ust/schemas/constants` and bundles no schema library. The schemas that use them, and the
 * package's index, import them from here, so each is declared once.
 */

/** At most this many entries per POST /logs (the client splits larger batches). */
export const MAX_LOG_ENTRIES_PER_CALL = 100;
/** The longest log message and category a log entry may have (the client cuts longer ones). */
export const MAX_LOG_MESSAGE_CHARS = 4000;
/**
 * Most levels of arrays and objects a log entry's `context` or an activity's `details` may nest:
 * a telemetry body can nest a hundred thousand levels, deeper than any reader of the column
 * could walk, while what a browser reports nests a few.
 */
export const MAX_CONTEXT_DEPTH = 32;
export const MAX_LOG_CATEGORY_CHARS = 100;

/**
 * The session ids a caller without a token sends are stored with this prefix, so that no
 * anonymous event can join a signed-in user's session. It is the gateway's to give: a session
 * id that a caller sends starting with it is refused (400 naming the field).
 */
export const ANONYMOUS_SESSION_PREFIX = 'anon:';

/** Queries of this many characters or fewer (after trimming) get no suggestions. */
export const GEOCODE_QUERY_MIN_CHARS = 3;

export const MAX_SEARCH_ADDRESS_LENGTH = 300;

/** The H3 resolutions the workers build a density document for (about 1,770 km² down to 5 km² per cell). */
export const H3_DENSITY_RESOLUTIONS = [4, 5, 6, 7] as const;

/** The boundary levels of the map's region documents. */
export const REGION_LEVELS = ['states', 'counties'] as const;

/** Underwriter is a real role with general's permissions (docs/decisions/0003-underwriter-role.md). */
export const ROLES = ['general', 'broker', 'underwriter', 'admin'] as const;

/** Who may screen a portfolio (docs/decisions/0034-access-by-role.md): a general user gets 403. */
export const SCREENING_ROLES = ['broker', 'underwriter', 'admin'] as const;

/** At most this many locations per file (docs/decisions/0035-portfolio-matching.md). */
export const MAX_SCREENING_ROWS = 10_000;
/** At most this many bytes per file (docs/decisions/0035-portfolio-matching.md). */
export const MAX_SCREENING_BYTES = 10 * 1024 * 1024;
/** A row given as coordinates, or geocoded to an address point, matches a facility this close (docs/decisions/0035-portfolio-matching.md). */
export const SCREENING_MATCH_FEET = 250;
/** The two rings a location is screened within. */
export const SCREENING_RADII_MILES = [0.25, 1] as const;

/** The id of the JSON data block in which the gateway inlines GET /api/auth-config's answer into the web app's pages. */
export const AUTH_CONFIG_ELEMENT_ID = 'ust-auth-config';

/** The risk models the platform can score with (docs/risk-model.md); RISK_MODEL chooses one. */
export const RISK_MODEL_IDS = ['risk-v1', 'risk-v2'] as const;
export type RiskModelId = (typeof RISK_MODEL_IDS)[number];
/** The model stored scores come from unless RISK_MODEL says otherwise (docs/decisions/0043-risk-model-on-real-records.md). */
export const DEFAULT_RISK_MODEL_ID: RiskModelId = 'risk-v2';

/** Readable names of the risk models' factors (docs/risk-model.md, 'Factors'). */
export const RISK_FACTOR_LABELS: Readonly<Record<string, string>> = {
  active_tank_count: 'Tanks in use',
  temporarily_out_of_service_tanks: 'Tanks temporarily out of service',
  oldest_tank_age: 'Oldest tank age (years)',
  average_tank_age: 'Average tank age (years)',
  protection_score: 'Protection score (0-100)',
  single_walled_tanks: 'Single-walled tanks',
  substance: 'Substance stored',
  capacity_gallons: 'Capacity (gallons)',
  any_single_walled: 'Any single-walled tank',
  single_walled_oldest_age: 'Single-walled × oldest tank age (years)',
  wall_type_unknown: 'Wall type unknown for every tank',
  protection_score_unknown: 'Protection score unknown',
  tanks_in_the_ground: 'Tanks in the ground',
  gasoline: 'Gasoline stored',
  diesel: 'Diesel stored',
  open_release: 'An open release',
  release_count: 'Releases on record',
  open_releases: 'Open releases',
  years_since_latest_release: 'Years since latest release',
  closed_with_residual_contamination: 'Closed with residual contamination',
  population_1500ft: 'Population within 1,500 ft',
  private_wells_1500ft: 'Private wells within 1,500 ft',
  within_spa: 'Within a source-water protection area',
  within_whpa: 'Within a wellhead protection area',
  within_100yr_floodplain: 'Within the 100-year floodplain',
};

/**
 * What one user may watch (docs/decisions/0119-watchlists.md): enough for a book of business,
 * small enough that a user's watch state is one cache document and every list is read whole.
 */
export const WATCHLIST_LIMITS = {
  listsPerUser: 50,
  itemsPerList: 10_000,
  itemsPerUser: 20_000,
  nameLength: 100,
  notesLength: 2_000,
  itemNoteLength: 500,
  placeLabelLength: 200,
  /** A watched place's radius: the screening's largest radius is 1 mile; 5 covers a rural district. */
  maxRadiusMiles: 5,
  webhooksPerUser: 5,
  webhookUrlLength: 2_000,
} as const;

/** The Settings screen's three preferences and their defaults (docs/product.md section 2). */
export const DEFAULT_PREFERENCES = {
  email_notifications: false,
  show_all_search_markers: true,
  high_risk_alerts: true,
} as const;
