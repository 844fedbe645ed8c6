import { useAuthedQuery } from '../authed-query';

/**
 * GET /api/risk-model: the model card of the Model page. The backtest behind it runs offline, so
 * the card changes only with a new deployment: one call per visit is enough.
 */
export function useRiskModelQuery() {
  return useAuthedQuery({
    queryKey: ['risk-model'],
    queryFn: (api, { signal }) => api.call('GET /api/risk-model', { signal }),
    staleTime: Infinity,
  });
}
