export { quoteFacility, toSearchQuotes, MAX_QUOTES, type PricingFacility, type QuoteOptions } from './quote-facility.js';
export { parseRatingPlan, readRatingPlan, RatingPlanError, RATING_PLAN, RATING_PLAN_V1_FILE } from './rating-plan.js';
export { ageInYears, leakDetection, ratedStatus, substanceClasses, tankConstruction, type PricingTank, type RatedStatus } from './rating-variables.js';
