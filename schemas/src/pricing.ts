/**
 * Pricing contracts: the rating plan file (one program per carrier, modelled on the public rate
 * filings of pipelines/fixtures/reference/rate-filings.md) and the pricing answers (docs/product.md
 * section 3, 'Quote' and 'Pricing info'). docs/pricing.md explains every table and the formula per
 * carrier.
 *
 * A "load" is a signed fraction (-0.15 = 15% credit). Additive programs add a tank's loads and
 * apply them once, base x (1 + sum); multiplicative programs chain them, base x product(1 + load).
 */
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

const strict = { additionalProperties: false } as const;
const Load = Type.Number({ exclusiveMinimum: -1, maximum: 10 });
const Dollars = Type.Number({ minimum: 0 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** `up_to` is inclusive (whole years, gallons, tanks or dollars); the last band has `up_to: null`. */
const Bands = (value: typeof Load | typeof Dollars) =>
  Type.Array(Type.Object({ up_to: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]), value }, strict), { minItems: 1 });

/** Keys of a factor table: every value the facility data can map to, so no tank falls through. */
const table = <const Keys extends readonly string[]>(keys: Keys) =>
  Type.Object(Object.fromEntries(keys.map((key) => [key, Load])) as { [K in Keys[number]]: typeof Load }, strict);

/** Tank construction as the facility data can tell it (docs/pricing.md, 'From facility data'). */
export const TANK_CONSTRUCTIONS = [
  'double_wall_steel',
  'double_wall_frp',
  'double_wall_unknown',
  'composite',
  'fiberglass',
  'lined_steel',
  'cathodic_steel',
  'bare_steel',
  'unknown',
] as const;
export type TankConstruction = (typeof TANK_CONSTRUCTIONS)[number];

export const TANK_LEAK_METHODS = [
  'interstitial',
  'continuous_in_tank',
  'automatic_tank_gauging',
  'statistical_inventory_reconciliation',
  'tightness_testing',
  'manual_gauging',
  'inventory_control',
  'groundwater_monitoring',
  'vapor_monitoring',
  'other',
] as const;
export type TankLeakMethod = (typeof TANK_LEAK_METHODS)[number];

export const PIPING_LEAK_METHODS = [
  'interstitial',
  'line_leak_detector',
  'line_tightness_test',
  'external_monitoring',
  'statistical_inventory_reconciliation',
  'other',
] as const;
export type PipingLeakMethod = (typeof PIPING_LEAK_METHODS)[number];

/** The facility data has no piping construction today; a caller that knows it may pass it. */
export const PIPING_CONSTRUCTIONS = [
  'double_wall_rigid',
  'double_wall_flex',
  'fiberglass',
  'coated_steel',
  'cathodic_steel',
  'bare_steel',
  'other',
  'unknown',
] as const;
export type PipingConstruction = (typeof PIPING_CONSTRUCTIONS)[number];

export const SUBSTANCE_CLASSES = ['gasoline', 'diesel', 'fuel_oil', 'aviation', 'other', 'unknown'] as const;
export type SubstanceClass = (typeof SUBSTANCE_CLASSES)[number];

/** The 40 CFR 280.93 contracts: $500k or $1M per occurrence, $1M or $2M annual aggregate. */
export const LIMIT_CONTRACTS = ['500000/1000000', '500000/2000000', '1000000/1000000', '1000000/2000000'] as const;
export type LimitContract = (typeof LIMIT_CONTRACTS)[number];

const TankBase = Type.Union([
  // TOMICS: new / replace / upgrade by installation date against `cutoff`.
  Type.Object({ kind: Type.Literal('installation_basis'), cutoff: IsoDate, new: Dollars, replace: Dollars, upgrade: Dollars }, strict),
  // Zurich: by age, single-wall and double-wall columns.
  Type.Object({ kind: Type.Literal('age_and_wall'), single_wall: Bands(Dollars), double_wall: Bands(Dollars) }, strict),
  // AIG: by age.
  Type.Object({ kind: Type.Literal('age'), bands: Bands(Dollars) }, strict),
  // Mid-Continent: one rate per tank.
  Type.Object({ kind: Type.Literal('flat'), per_tank: Dollars }, strict),
]);

export const RatingProgram = Type.Object(
  {
    /** Shown on the quote; the web app keys its carrier colours on it. */
    carrier: Type.String({ minLength: 1 }),
    filing: Type.Object(
      {
        /** Null when the source cites none (Mid-Continent). */
        serff: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
        state: Type.String({ pattern: '^[A-Z]{2}$' }),
        effective: IsoDate,
        /** The document as the source names it. */
        title: Type.String({ minLength: 1 }),
      },
      strict,
    ),
    formula: Type.Enum(['additive', 'multiplicative']),
    base: TankBase,
    /** Loads by tank age in whole years; neutral when the age is in the base. */
    age: Bands(Load),
    construction: table(TANK_CONSTRUCTIONS),
    /** A tank with several methods earns the most favourable one, never the sum. */
    tank_leak_detection: table([...TANK_LEAK_METHODS, 'none', 'unknown']),
    piping_construction: table(PIPING_CONSTRUCTIONS),
    piping_leak_detection: table([...PIPING_LEAK_METHODS, 'none', 'unknown']),
    /** Status of a rated tank. Closed tanks are never rated. */
    status: table(['in_use', 'temporarily_out_of_service']),
    /** A tank storing several substances takes the highest load. */
    substance: table(SUBSTANCE_CLASSES),
    /** `tank`: each tank's gallons; `site`: the rated tanks' total gallons, loaded on every tank. */
    capacity: Type.Object({ basis: Type.Enum(['tank', 'site']), bands: Bands(Load), unknown: Load }, strict),
    /** Facility-level load by the number of rated tanks (size-of-risk / multi-tank credits). */
    tank_count: Bands(Load),
    /**
     * `load`: added to every tank's loads (TOMICS); `multiplier`: facility factor (ILF).
     * Contracts a filing does not list carry the value stated in `notes`.
     */
    limits: Type.Object({ mode: Type.Enum(['load', 'multiplier']), contracts: table(LIMIT_CONTRACTS) }, strict),
    /**
     * Bands by deductible in dollars. `multiplier`: facility factor; `ilf_credit`: subtracted
     * from the limits multiplier, (ILF - credit), as AIG's sections VI and VII combine them.
     */
    deductible: Type.Object({ mode: Type.Enum(['multiplier', 'ilf_credit']), bands: Bands(Load) }, strict),
    /** The filed schedule-rating cap: the premium moves at most +/- `cap` from the manual premium. */
    schedule: Type.Object({ cap: Type.Number({ minimum: 0, maximum: 1 }) }, strict),
    /** Per policy, applied after the schedule. */
    minimum_premium: Dollars,
    /** What was held neutral or assumed, and why. */
    notes: Type.Array(Type.String({ minLength: 1 })),
  },
  strict,
);
export type RatingProgram = Static<typeof RatingProgram>;

const RiskScoreKeys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;

export const RatingPlan = Type.Object(
  {
    version: Type.String({ minLength: 1 }),
    description: Type.String(),
    /**
     * The facility's risk score (1-10) as a fraction of each program's schedule cap: -1 is the
     * full credit, +1 the full debit. Schedule rating is filed for what the manual rates miss.
     */
    risk_schedule: Type.Object(
      Object.fromEntries(RiskScoreKeys.map((key) => [key, Type.Number({ minimum: -1, maximum: 1 })])) as {
        [K in (typeof RiskScoreKeys)[number]]: ReturnType<typeof Type.Number>;
      },
      strict,
    ),
    programs: Type.Array(RatingProgram, { minItems: 1 }),
  },
  strict,
);
export type RatingPlan = Static<typeof RatingPlan>;

/** The first structural problem of a rating plan as `JSON pointer: reason`, or null when it has none. */
export function firstRatingPlanError(value: unknown): string | null {
  if (Value.Check(RatingPlan, value)) return null;
  const [first] = Value.Errors(RatingPlan, value);
  if (!first) return '(root): is invalid';
  const at = first.instancePath || '(root)';
  if (first.keyword === 'required') return `${at}/${(first.params as { requiredProperties: string[] }).requiredProperties[0]}: is required`;
  // additionalProperties: false reports the extra property as a `false` schema at its own path.
  if (first.keyword === 'boolean') return `${at}: is not a field of the rating plan`;
  return `${at}: ${first.message}`;
}

// ---- Answers ---------------------------------------------------------------------------------

/** Every pricing answer carries these words (docs/decisions/0013-indicative-estimates.md). */
export const PRICING_DISCLAIMER = 'Indicative estimate, not a binding offer';
export const NO_ACTIVE_TANKS_REASON = 'No active tanks to insure';

/** Whole US dollars (docs/product.md section 9: USD, no decimals). */
const WholeDollars = Type.Integer({ minimum: 0 });

export const PricingQuote = Type.Object(
  {
    carrier: Type.String(),
    annual_premium: WholeDollars,
    /** The manual premium before the risk-score schedule adjustment and the minimum premium. */
    base_premium: WholeDollars,
    /** Per-occurrence limit. */
    coverage_limit: WholeDollars,
    aggregate_limit: WholeDollars,
    deductible: WholeDollars,
    /** The filing the program is modelled on, e.g. 'TX SERFF TEXS-131241913, effective 2018-01-01'. */
    modelled_on: Type.String(),
  },
  { $id: 'PricingQuote' },
);
export type PricingQuote = Static<typeof PricingQuote>;

export const PricingSummary = Type.Object({
  best_carrier: Type.String(),
  lowest_premium: WholeDollars,
  savings_vs_highest: WholeDollars,
  /** Mean of the quoted annual premiums, rounded to whole dollars. */
  average_premium: WholeDollars,
});
export type PricingSummary = Static<typeof PricingSummary>;

export const PricingInfo = Type.Object(
  {
    facility_id: Type.String(),
    /** Tanks rated: in use or temporarily out of service. */
    tank_count: Type.Integer({ minimum: 0 }),
    /** 1-10, or null when the facility has not been scored (no schedule adjustment then). */
    risk_score: Type.Union([Type.Integer({ minimum: 1, maximum: 10 }), Type.Null()]),
    indicative: Type.Literal(true),
    disclaimer: Type.Literal(PRICING_DISCLAIMER),
    /** At most 4 (docs/product.md section 9), cheapest first. */
    quotes: Type.Array(PricingQuote, { maxItems: 4 }),
    /** Null when there are no quotes. */
    summary: Type.Union([PricingSummary, Type.Null()]),
    /** Present only when `quotes` is empty. */
    no_quote_reason: Type.Optional(Type.String()),
  },
  { $id: 'PricingInfo' },
);
export type PricingInfo = Static<typeof PricingInfo>;

/** A facility card in search results shows carrier and premium only. */
export const SearchQuote = Type.Object(
  {
    carrier: Type.String(),
    annual_premium: WholeDollars,
    /** The filing the carrier's program is modelled on, shown with "Indicative estimate" (docs/decisions/0013-indicative-estimates.md). */
    modelled_on: Type.String(),
  },
  { $id: 'SearchQuote' },
);
export type SearchQuote = Static<typeof SearchQuote>;
