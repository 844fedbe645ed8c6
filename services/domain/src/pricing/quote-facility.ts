/**
 * Indicative premiums for one facility from every program of the rating plan
 * (docs/architecture.md section 7, docs/decisions/0013-indicative-estimates.md). Pure:
 * the date and the plan come in as arguments.
 */
import {
  NO_ACTIVE_TANKS_REASON,
  PRICING_DISCLAIMER,
  type PricingInfo,
  type PricingQuote,
  type RatingPlan,
  type RatingProgram,
  type SearchQuote,
} from '@ust/schemas';
import { RATING_PLAN } from './rating-plan.js';
import { rateProgram, roundDollars, type Contract, type RatedTank } from './rate-program.js';
import { ageInYears, leakDetection, ratedStatus, substanceClasses, tankConstruction, type PricingTank } from './rating-variables.js';

/** docs/product.md section 9. */
export const MAX_QUOTES = 4;

export interface PricingFacility {
  facility_id: string;
  /** Two-letter code; informational: no program rates territory. */
  state: string;
  /** 1-10 from the risk model, or null when not scored (no schedule adjustment). */
  risk_score: number | null;
}

export interface QuoteOptions {
  /**
   * Per-occurrence limit (40 CFR 280.93(a)): $1M for petroleum marketers and owners with more
   * than 10,000 gallons a month throughput, $500k otherwise. Throughput is not in the data.
   * @defaultValue 1_000_000
   */
  per_occurrence_limit?: 500_000 | 1_000_000;
  /**
   * Annual aggregate (40 CFR 280.93(b)): $1M for an owner of 1-100 USTs, $2M above. $1M/$1M is
   * also the reference contract of every filing, so it needs no assumed limit factor.
   * @defaultValue 1_000_000, or 2_000_000 when this facility alone has more than 100 rated tanks
   */
  aggregate_limit?: 1_000_000 | 2_000_000;
  /**
   * Whole dollars, below the per-occurrence limit.
   * @defaultValue 5_000 (every filing's reference)
   */
  deductible?: number;
  /** The policy date the tank ages are taken at. */
  asOf: Date;
  /** @defaultValue RATING_PLAN (rating-plans/rating-plan-v1.json) */
  plan?: RatingPlan;
}

function contractFor(options: QuoteOptions, ratedTanks: number): Contract {
  const perOccurrence = options.per_occurrence_limit ?? 1_000_000;
  const aggregate = options.aggregate_limit ?? (ratedTanks > 100 ? 2_000_000 : 1_000_000);
  const deductible = options.deductible ?? 5_000;
  if (perOccurrence !== 500_000 && perOccurrence !== 1_000_000) throw new RangeError(`per_occurrence_limit must be 500000 or 1000000, got ${perOccurrence}`);
  if (aggregate !== 1_000_000 && aggregate !== 2_000_000) throw new RangeError(`aggregate_limit must be 1000000 or 2000000, got ${aggregate}`);
  if (!Number.isInteger(deductible) || deductible < 0 || deductible >= perOccurrence) {
    throw new RangeError(`deductible must be whole dollars from 0 to below the per-occurrence limit, got ${deductible}`);
  }
  return { perOccurrence, aggregate, deductible };
}

function modelledOn(program: RatingProgram): string {
  const { serff, state, effective, title } = program.filing;
  return serff ? `${state} SERFF ${serff}, effective ${effective}` : `${title}, effective ${effective}`;
}

function earliestInstallation(tanks: readonly PricingTank[]): string | null {
  let first: string | null = null;
  for (const tank of tanks) if (tank.installation_date && (first === null || tank.installation_date < first)) first = tank.installation_date;
  return first;
}

function rateTanks(tanks: readonly PricingTank[], asOf: Date): RatedTank[] {
  return tanks.flatMap((tank) => {
    const status = ratedStatus(tank.tank_status);
    if (status === null) return [];
    return [
      {
        status,
        installed: tank.installation_date,
        age: ageInYears(tank.installation_date, asOf),
        construction: tankConstruction(tank),
        leak: leakDetection(tank.leak_detection),
        piping: tank.piping_construction ?? 'unknown',
        substances: substanceClasses(tank.substances),
        capacity: tank.capacity_gallons !== null && tank.capacity_gallons > 0 ? tank.capacity_gallons : null,
      },
    ];
  });
}

/**
 * Up to four quotes, cheapest first, for the facility's tanks in use or temporarily out of
 * service. `tanks` should hold every tank of the facility, closed ones too: TOMICS rates a tank
 * by whether it replaced an earlier one.
 */
export function quoteFacility(facility: PricingFacility, tanks: readonly PricingTank[], options: QuoteOptions): PricingInfo {
  const score = facility.risk_score;
  if (score !== null && !(Number.isInteger(score) && score >= 1 && score <= 10))
    throw new RangeError(`risk_score must be an integer from 1 to 10 or null, got ${score}`);
  if (Number.isNaN(options.asOf.getTime())) throw new RangeError('asOf must be a valid date');
  const plan = options.plan ?? RATING_PLAN;
  const rated = rateTanks(tanks, options.asOf);
  const contract = contractFor(options, rated.length);
  const answer: Omit<PricingInfo, 'quotes' | 'summary'> = {
    facility_id: facility.facility_id,
    tank_count: rated.length,
    risk_score: score,
    indicative: true,
    disclaimer: PRICING_DISCLAIMER,
  };
  if (rated.length === 0) return { ...answer, quotes: [], summary: null, no_quote_reason: NO_ACTIVE_TANKS_REASON };

  const scheduleFraction = score === null ? 0 : plan.risk_schedule[String(score) as keyof RatingPlan['risk_schedule']];
  const firstInstalled = earliestInstallation(tanks);
  const quotes: PricingQuote[] = plan.programs
    .map((program) => {
      const premium = rateProgram(program, rated, firstInstalled, contract, scheduleFraction);
      return {
        carrier: program.carrier,
        annual_premium: premium.annualPremium,
        base_premium: premium.basePremium,
        coverage_limit: contract.perOccurrence,
        aggregate_limit: contract.aggregate,
        deductible: contract.deductible,
        modelled_on: modelledOn(program),
      };
    })
    .sort((a, b) => a.annual_premium - b.annual_premium || a.carrier.localeCompare(b.carrier))
    .slice(0, MAX_QUOTES);

  const lowest = quotes[0]!;
  const highest = quotes.at(-1)!;
  const total = quotes.reduce((sum, quote) => sum + quote.annual_premium, 0);
  return {
    ...answer,
    quotes,
    summary: {
      best_carrier: lowest.carrier,
      lowest_premium: lowest.annual_premium,
      savings_vs_highest: highest.annual_premium - lowest.annual_premium,
      average_premium: roundDollars(total / quotes.length),
    },
  };
}

/** The compact quotes of a search result card. */
export function toSearchQuotes(info: PricingInfo): SearchQuote[] {
  return info.quotes.map(({ carrier, annual_premium, modelled_on }) => ({ carrier, annual_premium, modelled_on }));
}
