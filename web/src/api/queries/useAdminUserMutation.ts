import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserPatchBody } from '@ust/schemas';
import { useApiClient } from '../api-context';
import { ADMIN_USERS_QUERY_KEY } from './useAdminUsersQuery';

export interface AdminUserChange {
  id: string;
  patch: AdminUserPatchBody;
}

/**
 * PATCH /api/admin/users/{id}: an admin changes another user's role or (de)activates them. The
 * gateway answers 403 for one's own account. On success the users list is asked again, so the
 * footer's counts and the row agree with the server.
 */
export function useAdminUserMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'user-change'],
    mutationFn: ({ id, patch }: AdminUserChange) => api.call('PATCH /api/admin/users/{id}', { params: { id }, body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
