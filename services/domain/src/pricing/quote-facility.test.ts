/**
 * Worked examples computed by hand from the filings' tables (pipelines/fixtures/reference/
 * rate-filings.md, transcribed into rating-plans/rating-plan-v1.json). docs/pricing.md repeats
 * the arithmetic. Policy date 2025-06-01, default contract $1M/$1M, $5k deductible.
 */
import { NO_ACTIVE_TANKS_REASON, PRICING_DISCLAIMER, type RatingPlan } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { quoteFacility, toSearchQuotes } from './quote-facility.js';
import { parseRatingPlan, RATING_PLAN } from './rating-plan.js';
import type { PricingTank } from './rating-variables.js';

const asOf = new Date('2025-06-01T00:00:00Z');
const facility = (risk_score: number | null = 5) => ({ facility_id: 'TX-1001', state: 'TX', risk_score });

/** 1998 single-wall steel with sacrificial anodes and ATG, gasoline, 10,000 gal: age 27. */
const tank1998: PricingTank = {
  installation_date: '1998-05-01',
  tank_status: 'Currently in use',
  tank_wall_type: 'Single wall',
  material: 'Steel',
  corrosion_protection: 'Sacrificial anode',
  secondary_containment: false,
  leak_detection: 'Automatic tank gauging; Piping: line leak detector',
  substances: 'Gasoline (containing <=10% ethanol)',
  capacity_gallons: 10_000,
};
/** 2012 double-wall fiberglass with interstitial monitoring, diesel, 12,000 gal: age 13. */
const tank2012: PricingTank = {
  installation_date: '2012-03-01',
  tank_status: 'Currently in use',
  tank_wall_type: 'Double wall',
  material: 'Fiberglass reinforced plastic',
  corrosion_protection: 'Cathodic protection not required',
  secondary_containment: true,
  leak_detection: 'Interstitial monitoring; Piping: automated interstitial monitoring',
  substances: 'Diesel',
  capacity_gallons: 12_000,
};

const premiums = (info: ReturnType<typeof quoteFacility>) => Object.fromEntries(info.quotes.map((q) => [q.carrier, q.annual_premium]));
const bases = (info: ReturnType<typeof quoteFacility>) => Object.fromEntries(info.quotes.map((q) => [q.carrier, q.base_premium]));

describe('worked example: two tanks (1998 single-wall + ATG, 2012 double-wall + interstitial), risk score 5', () => {
  const info = quoteFacility(facility(5), [tank1998, tank2012], { asOf });

  it('prices every carrier to the dollar; score 5 is schedule 0, so annual = manual premium', () => {
    // TOMICS (additive): 1998 tank upgrade 420 x (1 + age 27 .50) = 630;
    //   2012 tank replace 340 (an earlier tank exists) x (1 + age 13 .20 - double wall .30 - interstitial .15) = 255; 885.
    // Zurich (multiplicative, r2011): 1998 SW age 27 2532 x 1.02 (10,000 gal) x 1.05 (gasoline) = 2711.772;
    //   2012 DW age 13 737 x 1.04 (12,000 gal) x 0.92 (diesel) = 705.1616; 3416.9336 -> 3417.
    // AIG (loads summed): 1998 base 27-30 3098 x (1 - cathodic .18 - ATG .05 - LLD .02) = 2323.5;
    //   2012 base 13-14 977 x (1 - double wall .50 - interstitial .05 - piping interstitial .05) = 390.8;
    //   2714.3 x (ILF 1.00 - $5k credit 0) -> 2714.
    // Mid-Continent: 300 x (1 + age 26-30 .25 - ATG .10) = 345; 300 x (1 + age 11-15 0 - interstitial .20) = 240
    //   (double-wall fiberglass is "other": 0); 585 x ILF $1M/$1M 1.18 = 690.3 -> 690.
    expect(premiums(info)).toEqual({ 'Mid-Continent': 690, TOMICS: 885, AIG: 2714, Zurich: 3417 });
    expect(bases(info)).toEqual(premiums(info));
  });

  it('sorts cheapest first and summarises: best, savings vs highest, average', () => {
    expect(info.quotes.map((q) => q.carrier)).toEqual(['Mid-Continent', 'TOMICS', 'AIG', 'Zurich']);
    // Average (690 + 885 + 2714 + 3417) / 4 = 1926.5 -> 1927.
    expect(info.summary).toEqual({ best_carrier: 'Mid-Continent', lowest_premium: 690, savings_vs_highest: 3417 - 690, average_premium: 1927 });
    expect(info).toMatchObject({ facility_id: 'TX-1001', tank_count: 2, risk_score: 5, indicative: true, disclaimer: PRICING_DISCLAIMER });
    expect(info.disclaimer).toContain('Indicative estimate');
    expect(info).not.toHaveProperty('no_quote_reason');
  });

  it('carries the contract and the filing each quote is modelled on', () => {
    expect(info.quotes.find((q) => q.carrier === 'TOMICS')).toMatchObject({
      coverage_limit: 1_000_000,
      aggregate_limit: 1_000_000,
      deductible: 5_000,
      modelled_on: 'TX SERFF TEXS-131241913, effective 2018-01-01',
    });
    expect(info.quotes.find((q) => q.carrier === 'Zurich')?.modelled_on).toBe('IA SERFF ZURC-127338727, effective 2011-10-01');
    expect(info.quotes.find((q) => q.carrier === 'Mid-Continent')?.modelled_on).toMatch(/TOP manual 05\/2021.*effective 2021-05-01/);
  });

  it('gives search results the carrier, the premium and the filing it is modelled on', () => {
    const filing = (carrier: string) => info.quotes.find((quote) => quote.carrier === carrier)!.modelled_on;
    expect(toSearchQuotes(info)).toEqual([
      { carrier: 'Mid-Continent', annual_premium: 690, modelled_on: filing('Mid-Continent') },
      { carrier: 'TOMICS', annual_premium: 885, modelled_on: filing('TOMICS') },
      { carrier: 'AIG', annual_premium: 2714, modelled_on: filing('AIG') },
      { carrier: 'Zurich', annual_premium: 3417, modelled_on: filing('Zurich') },
    ]);
    expect(filing('TOMICS')).toMatch(/TEXS-131241913/);
  });
});

describe("risk score moves the premium within each filing's schedule cap", () => {
  it('score 10 takes the full debit: +40%, Zurich +25% (its filed cap)', () => {
    const info = quoteFacility(facility(10), [tank1998, tank2012], { asOf });
    // 885 x 1.4 = 1239; 3416.9336 x 1.25 = 4271.167; 2714.3 x 1.4 = 3800.02; 690.3 x 1.4 = 966.42.
    expect(premiums(info)).toEqual({ 'Mid-Continent': 966, TOMICS: 1239, AIG: 3800, Zurich: 4271 });
    expect(bases(info)).toEqual({ 'Mid-Continent': 690, TOMICS: 885, AIG: 2714, Zurich: 3417 });
  });

  it('score 1 takes the full credit, and the minimum premium still holds', () => {
    const info = quoteFacility(facility(1), [tank1998, tank2012], { asOf });
    // 885 x 0.6 = 531; 3416.9336 x 0.75 = 2562.7002; 2714.3 x 0.6 = 1628.58;
    // Mid-Continent 690.3 x 0.6 = 414.18, below its $500 minimum.
    expect(premiums(info)).toEqual({ 'Mid-Continent': 500, TOMICS: 531, AIG: 1629, Zurich: 2563 });
  });

  it('never leaves the cap for any score', () => {
    for (let score = 1; score <= 10; score += 1) {
      for (const quote of quoteFacility(facility(score), [tank1998, tank2012], { asOf }).quotes) {
        const program = RATING_PLAN.programs.find((p) => p.carrier === quote.carrier)!;
        const cap = program.schedule.cap;
        expect(quote.annual_premium).toBeGreaterThanOrEqual(Math.max(program.minimum_premium, Math.floor(quote.base_premium * (1 - cap)) - 1));
        expect(quote.annual_premium).toBeLessThanOrEqual(Math.max(program.minimum_premium, Math.ceil(quote.base_premium * (1 + cap)) + 1));
      }
    }
  });

  it('an unscored facility gets no schedule adjustment', () => {
    const info = quoteFacility(facility(null), [tank1998, tank2012], { asOf });
    expect(info.risk_score).toBeNull();
    expect(premiums(info)).toEqual({ 'Mid-Continent': 690, TOMICS: 885, AIG: 2714, Zurich: 3417 });
  });
});

describe('minimum premium', () => {
  it("floors a small new tank at each carrier's minimum, after the schedule", () => {
    const tank: PricingTank = { ...tank2012, installation_date: '2024-01-15', capacity_gallons: 550, leak_detection: 'Interstitial monitoring' };
    const info = quoteFacility(facility(5), [tank], { asOf });
    // TOMICS new 250 x (1 + 0 - .30 - .15) = 137.5; Zurich DW age 1 354 x 0.92 (550 gal) x 0.92 (diesel) = 299.6256;
    // AIG 468 x (1 - .50 - .05) = 210.6 (piping unknown: 0); Mid-Continent 300 x (1 - .20 - .20) x 1.18 = 212.4.
    expect(bases(info)).toEqual({ TOMICS: 138, Zurich: 300, AIG: 211, 'Mid-Continent': 212 });
    expect(premiums(info)).toEqual({ TOMICS: 350, Zurich: 425, 'Mid-Continent': 500, AIG: 525 });
  });
});

describe('limits (40 CFR 280.93) and deductible', () => {
  it('$1M/$2M with a $10k deductible', () => {
    const info = quoteFacility(facility(5), [tank1998, tank2012], { asOf, aggregate_limit: 2_000_000, deductible: 10_000 });
    // TOMICS: limits load +.08 on each tank: 420 x 1.58 + 340 x 0.83 = 663.6 + 282.2 = 945.8; deductible held at $5k.
    // AIG: 2714.3 x (ILF 1.15 - credit .13) = 2768.586. Mid-Continent: 585 x 1.20 x 0.92 = 645.84. Zurich: no ILF in source.
    expect(premiums(info)).toEqual({ 'Mid-Continent': 646, TOMICS: 946, AIG: 2769, Zurich: 3417 });
    expect(info.quotes[0]).toMatchObject({ coverage_limit: 1_000_000, aggregate_limit: 2_000_000, deductible: 10_000 });
  });

  it('$500k/$1M, the base contract of Mid-Continent', () => {
    const info = quoteFacility(facility(5), [tank1998, tank2012], { asOf, per_occurrence_limit: 500_000 });
    // TOMICS: 420 x 1.35 + 340 x 0.60 = 771; AIG: 2714.3 x 0.80 = 2171.44; Mid-Continent 585 x 1.00.
    expect(premiums(info)).toEqual({ 'Mid-Continent': 585, TOMICS: 771, AIG: 2171, Zurich: 3417 });
  });

  it('rejects contracts outside 280.93 and deductibles at or above the limit', () => {
    expect(() => quoteFacility(facility(), [tank1998], { asOf, per_occurrence_limit: 2_000_000 as never })).toThrow(RangeError);
    expect(() => quoteFacility(facility(), [tank1998], { asOf, per_occurrence_limit: 500_000, deductible: 500_000 })).toThrow(/deductible/);
    expect(() => quoteFacility(facility(11), [tank1998], { asOf })).toThrow(/risk_score/);
  });
});

describe('which tanks are rated', () => {
  const closed = (tank: PricingTank, installation_date: string): PricingTank => ({ ...tank, installation_date, tank_status: 'Closed' });

  it('a facility with no active tanks gets no quotes and the reason', () => {
    const info = quoteFacility(facility(7), [closed(tank1998, '1985-01-01'), { ...tank2012, tank_status: null }], { asOf });
    expect(info).toEqual({
      facility_id: 'TX-1001',
      tank_count: 0,
      risk_score: 7,
      indicative: true,
      disclaimer: PRICING_DISCLAIMER,
      quotes: [],
      summary: null,
      no_quote_reason: NO_ACTIVE_TANKS_REASON,
    });
    expect(NO_ACTIVE_TANKS_REASON).toBe('No active tanks to insure');
  });

  it('a closed earlier tank makes a post-2006 tank a TOMICS replacement', () => {
    // 2012 tank alone: new 250 x 0.75 = 187.5; after a closed 1990 tank: replace 340 x 0.75 = 255.
    const alone = quoteFacility(facility(), [tank2012], { asOf });
    const replaced = quoteFacility(facility(), [closed(tank1998, '1990-01-01'), tank2012], { asOf });
    expect(bases(alone).TOMICS).toBe(188);
    expect(bases(replaced).TOMICS).toBe(255);
    expect(replaced.tank_count).toBe(1);
  });

  it('temporarily out of service tanks are rated; Mid-Continent credits them -.25', () => {
    const info = quoteFacility(facility(), [{ ...tank1998, tank_status: 'Temporarily out of service' }], { asOf });
    // 300 x (1 + .25 - .10 - .25) x 1.18 = 318.6 (in use: 345 x 1.18 = 407.1).
    expect(info.tank_count).toBe(1);
    expect(bases(info)['Mid-Continent']).toBe(319);
    expect(bases(quoteFacility(facility(), [tank1998], { asOf }))['Mid-Continent']).toBe(407);
  });

  it('a tank without an installation date takes the oldest band and no credit it cannot show', () => {
    const unknown: PricingTank = {
      installation_date: null,
      tank_status: 'Currently in use',
      tank_wall_type: null,
      leak_detection: null,
      substances: null,
      capacity_gallons: null,
    };
    const info = quoteFacility(facility(), [unknown], { asOf });
    // TOMICS upgrade 420 x 1.70 = 714; Zurich SW >35 3102; AIG 31+ 3833; Mid-Continent 300 x 1.75 x 1.18 = 619.5.
    expect(bases(info)).toEqual({ TOMICS: 714, Zurich: 3102, AIG: 3833, 'Mid-Continent': 620 });
  });
});

describe('at most 4 quotes', () => {
  it('keeps the four cheapest when the plan has more programs', () => {
    const copy = structuredClone(RATING_PLAN) as RatingPlan;
    copy.programs.push({ ...structuredClone(copy.programs[0]!), carrier: 'Budget', minimum_premium: 1, base: { kind: 'flat', per_tank: 1 } });
    const info = quoteFacility(facility(), [tank1998, tank2012], { asOf, plan: parseRatingPlan(copy) });
    expect(info.quotes).toHaveLength(4);
    expect(info.quotes.map((q) => q.carrier)).toEqual(['Budget', 'Mid-Continent', 'TOMICS', 'AIG']);
    // Budget: 1 x 1.50 + 1 x 0.75 = 2.25 -> 2.
    expect(info.summary?.savings_vs_highest).toBe(2714 - 2);
  });
});
