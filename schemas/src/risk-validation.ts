/**
 * The validation of a score's model as the exposure sheet cites it, in words the sheet, its PDF
 * and its print page share. Free of typebox, so the web app can import it.
 */
import type { RiskModelCard, RiskModelCohort, RiskValidation, ValidatedAuc } from './risk-model.js';

/** The window the exposure sheet cites: the one the model is fitted on and the research reports. */
export const CITED_HORIZON_YEARS = 3;

/** The model's validation as the card holds it, or null when the card has no 3-year figures of it. */
export function riskValidationOf(card: RiskModelCard, model: string): RiskValidation | null {
  const cohorts = card.cohorts.filter((cohort) => cohort.model === model && cohort.horizon_years === CITED_HORIZON_YEARS);
  const latest = cohorts.reduce<string | null>((max, cohort) => (max === null || cohort.as_of > max ? cohort.as_of : max), null);
  const auc = (view: RiskModelCohort['view']) => {
    const cohort = cohorts.find((each) => each.as_of === latest && each.view === view);
    return cohort && cohort.roc_auc.estimate !== null
      ? { roc_auc: cohort.roc_auc.estimate, low: cohort.roc_auc.low, high: cohort.roc_auc.high, facilities: cohort.facilities }
      : null;
  };
  const first = auc('first release');
  const any = auc('any release');
  return latest && first && any ? { model, as_of: latest, horizon_years: CITED_HORIZON_YEARS, first_release: first, any_release: any } : null;
}

const aucText = ({ roc_auc, low, high }: ValidatedAuc) =>
  `${roc_auc.toFixed(2)}${low !== null && high !== null ? ` (95 % ${low.toFixed(2)}-${high.toFixed(2)})` : ''}`;

/** One sentence for the exposure sheet, its PDF and its print page alike. */
export function riskValidationText(validation: RiskValidation | null, model: string): string {
  if (!validation) return `Model ${model}: not yet tested on real outcomes.`;
  const { first_release: first, any_release: any } = validation;
  return (
    `Model ${validation.model}, tested on real outcomes (the Model page): ROC AUC ${aucText(first)} for a first release and ${aucText(any)} for any release ` +
    `within ${validation.horizon_years} years of ${validation.as_of}, over ${first.facilities.toLocaleString('en-US')} and ${any.facilities.toLocaleString('en-US')} real facilities; 0.5 is chance, 1 is perfect.`
  );
}
