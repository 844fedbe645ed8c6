import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryJobBody } from '@ust/schemas';
import { useApiClient } from '../api-context';
import { SYSTEM_HEALTH_QUERY_KEY } from './useSystemHealthQuery';

export interface JobRetry {
  id: string;
  queue: RetryJobBody['queue'];
}

/**
 * POST /api/admin/jobs/{id}/retry: an admin gives a failed job a new round of tries. System
 * Health is asked again at once, so the job leaves the failed list without waiting for the poll.
 */
export function useRetryJobMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'job-retry'],
    mutationFn: ({ id, queue }: JobRetry) => api.call('POST /api/admin/jobs/{id}/retry', { params: { id }, body: { queue } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SYSTEM_HEALTH_QUERY_KEY }),
  });
}
