import { fileURLToPath } from 'node:url';

/**
 * The risk model card: the backtest's pooled figures for every model (docs/risk-model.md,
 * 'Backtest'), written by `pnpm backtest` and served by GET /api/risk-model. Kept beside the
 * models rather than computed at start: the backtest reads every real fixture file, a minute's work.
 */
export const RISK_MODEL_CARD_FILE = fileURLToPath(new URL('../../risk-models/risk-model-card.json', import.meta.url));
