import { useAuth } from '../../auth-state';
import { useAuthedQuery } from '../authed-query';

/** GET /api/me/activity: the signed-in user's Your Activity card (docs/decisions/0008-live-activity-card.md). */
export function useMyActivityQuery() {
  const { user } = useAuth();
  return useAuthedQuery({
    queryKey: ['me', 'activity', user?.sub],
    queryFn: (api, { signal }) => api.call('GET /api/me/activity', { signal }),
  });
}
