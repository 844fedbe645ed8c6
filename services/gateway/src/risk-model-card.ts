/**
 * The risk model card `pnpm backtest` writes (services/domain/risk-models), read and checked
 * against its schema once per process: GET /api/risk-model serves it and the exposure sheet
 * cites the validation of its score's model from it.
 */
import { readFileSync } from 'node:fs';
import { Compile } from 'typebox/compile';
import { RISK_MODEL_CARD_FILE } from '@ust/domain';
import { RiskModelCard } from '@ust/schemas';

/** The card in `file`, or an error naming the file and the first field that does not fit. */
export function readRiskModelCard(file = RISK_MODEL_CARD_FILE): RiskModelCard {
  const card: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const validator = Compile(RiskModelCard);
  if (!validator.Check(card)) {
    const [first] = validator.Errors(card);
    throw new Error(`${file}: ${first?.instancePath || '(card)'} ${first?.message ?? 'is not a risk model card'}`);
  }
  return card;
}

let card: RiskModelCard | undefined;

/** The platform's card, read on first use. */
export function riskModelCard(): RiskModelCard {
  card ??= readRiskModelCard();
  return card;
}
