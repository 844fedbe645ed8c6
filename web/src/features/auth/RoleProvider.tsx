/**
 * The signed-in user's role (docs/product.md sections 4, 6, 7): the cached role first, then
 * POST /api/user-profile 100 ms after sign-in (at most every 5 minutes per user), whose role
 * replaces it and is cached. A failure keeps the cached or default role.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { UserProfileBody } from '@ust/schemas';
import { ApiError } from '../../api/api-error';
import { useApiClient } from '../../api/api-context';
import { useAuth } from '../../auth-state';
import { DEFAULT_ROLE, isProfileRefreshDue, markProfileSent, readCachedRole, writeCachedRole } from './role-cache';
import { RoleContext, type RoleState } from './useRole';
import { browserStorage } from '../../browser-storage';

export const PROFILE_DELAY_MS = 100;

const initial: RoleState = { role: DEFAULT_ROLE, pending: true, deactivated: false };

export function RoleProvider({ children, storage = browserStorage('local') }: { children: ReactNode; storage?: Storage }) {
  const { status, user } = useAuth();
  const api = useApiClient();
  const [state, setState] = useState<RoleState>(initial);
  const sub = status === 'authenticated' ? user?.sub : undefined;
  const email = user?.email ?? undefined;
  const name = user?.name ?? null;

  useEffect(() => api.onAccountDeactivated(() => setState((previous) => ({ ...previous, deactivated: true }))), [api]);

  useEffect(() => {
    if (!sub) {
      setState(initial);
      return;
    }
    // The profile is sent only with an e-mail (docs/product.md section 7); without one the role stays
    // general.
    if (!email) {
      setState({ ...initial, pending: false });
      return;
    }
    const cached = readCachedRole(storage, email);
    setState({ role: cached ?? DEFAULT_ROLE, pending: !cached, deactivated: false });
    if (!isProfileRefreshDue(storage, sub, Date.now())) {
      setState((previous) => ({ ...previous, pending: false }));
      return;
    }
    let cancelled = false;
    const timer = window.setTimeout(() => {
      const body: UserProfileBody = { sub, email, name };
      api.call('POST /api/user-profile', { body }).then(
        (profile) => {
          writeCachedRole(storage, email, profile.role);
          // A deactivated user is asked again on every visit, so reactivation shows at once.
          if (profile.is_active) markProfileSent(storage, sub, Date.now());
          if (!cancelled) setState({ role: profile.role, pending: false, deactivated: !profile.is_active });
        },
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof ApiError && error.isAccountDeactivated) {
            setState((previous) => ({ ...previous, pending: false, deactivated: true }));
            return;
          }
          console.warn('Failed to load user role:', error);
          setState((previous) => ({ ...previous, pending: false }));
        },
      );
    }, PROFILE_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [api, storage, sub, email, name]);

  return <RoleContext.Provider value={state}>{children}</RoleContext.Provider>;
}
