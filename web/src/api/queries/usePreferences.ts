import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPreferences } from '@ust/schemas';
import { useAuth } from '../../auth-state';
import { useApiClient } from '../api-context';
import { useAuthedQuery } from '../authed-query';

const preferencesKey = (sub: string | undefined) => ['me', 'preferences', sub] as const;

/**
 * GET /api/me/preferences: asked once per page load and shared by every screen that reads a
 * preference (Settings, the map's pins); a save through usePreferencesMutation replaces it.
 */
export function usePreferencesQuery() {
  const { user } = useAuth();
  return useAuthedQuery({
    queryKey: preferencesKey(user?.sub),
    queryFn: (api, { signal }) => api.call('GET /api/me/preferences', { signal }),
    staleTime: Infinity,
  });
}

/** PUT /api/me/preferences with all three values; what the server saved becomes the shared copy. */
export function usePreferencesMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationKey: ['me', 'preferences-save'],
    mutationFn: (preferences: UserPreferences) => api.call('PUT /api/me/preferences', { body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey(user?.sub), saved),
  });
}
