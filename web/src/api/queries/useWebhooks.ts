import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth-state';
import { useApiClient } from '../api-context';
import { useAuthedQuery } from '../authed-query';

const webhooksKey = (sub: string | undefined) => ['me', 'webhooks', sub] as const;

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKey(user?.sub) });
}

/** GET /api/me/webhooks: the user's webhooks, each with its last delivery (never the secret). */
export function useWebhooksQuery() {
  const { user } = useAuth();
  return useAuthedQuery({
    queryKey: webhooksKey(user?.sub),
    queryFn: (api, { signal }) => api.call('GET /api/me/webhooks', { signal }),
    staleTime: 0,
  });
}

/** POST /api/me/webhooks: the answer holds the signing secret, which no later call shows again. */
export function useCreateWebhookMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationKey: ['me', 'webhook-create'],
    mutationFn: (url: string) => api.call('POST /api/me/webhooks', { body: { url } }),
    onSettled: invalidate,
  });
}

/** DELETE /api/me/webhooks/{id}: nothing more is sent to it. */
export function useDeleteWebhookMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationKey: ['me', 'webhook-delete'],
    mutationFn: (id: string) => api.call('DELETE /api/me/webhooks/{id}', { params: { id } }),
    onSettled: invalidate,
  });
}

/** POST /api/me/webhooks/{id}/test: a signed test event now; it becomes the webhook's last delivery. */
export function useTestWebhookMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationKey: ['me', 'webhook-test'],
    mutationFn: (id: string) => api.call('POST /api/me/webhooks/{id}/test', { params: { id } }),
    onSettled: invalidate,
  });
}
