/**
 * GET /api/risk-model: the risk model card, how the score was tested on real outcomes and what
 * it reached (docs/risk-model.md, 'Backtest'), for every signed-in role. The card is the file
 * `pnpm backtest` writes; it is read and checked against its schema once, when the gateway
 * starts, so a broken file stops the start rather than a request. Its default_model is the
 * live dataset's: the model the scores users see come from.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readDatasetMeta } from '@ust/read-model';
import { RiskModelCard } from '@ust/schemas';
import { riskModelCard } from '../../risk-model-card.js';
import { liveBuildScoring } from '../facilities/live-build-scoring.js';

const riskModelRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const card = riskModelCard();
  const { cache } = fastify.ports;
  fastify.get(
    '/',
    {
      schema: {
        tags: ['risk'],
        summary: 'The risk model card: the backtest of each risk model on real outcomes (pooled figures with 95 % intervals), its data and its limits',
        response: { 200: RiskModelCard },
      },
    },
    async () => {
      const meta = await readDatasetMeta(cache);
      return meta ? { ...card, default_model: liveBuildScoring(meta).riskModel.version } : card;
    },
  );
};

export default riskModelRoutes;
