/**
 * GET /api/risk-model: the risk model card, how the score was tested on real outcomes and what
 * it reached (docs/risk-model.md, 'Backtest'), for every signed-in role. The card is the file
 * `pnpm backtest` writes; it is read and checked against its schema once, when the gateway
 * starts, so a broken file stops the start rather than a request.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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

const riskModelRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const card = readRiskModelCard();
  fastify.get(
    '/',
    {
      schema: {
        tags: ['risk'],
        summary: 'The risk model card: the backtest of each risk model on real outcomes (pooled figures with 95 % intervals), its data and its limits',
        response: { 200: RiskModelCard },
      },
    },
    async () => card,
  );
};

export default riskModelRoutes;
