import { createContext, useContext } from 'react';
import type { Role } from '@ust/schemas';
import { SCREENING_ROLES } from '@ust/schemas/constants';

export interface RoleState {
  /** The server's role, or the cached one until it answers, or 'general'. */
  role: Role;
  /** Neither cached nor answered yet: a screen that depends on the role may wait. */
  pending: boolean;
  /** The server says the account is deactivated (docs/decisions/0004-deactivated-accounts.md). */
  deactivated: boolean;
}

export const RoleContext = createContext<RoleState | null>(null);

export function useRole(): RoleState & { isAdmin: boolean; canScreen: boolean } {
  const state = useContext(RoleContext);
  if (!state) throw new Error('useRole needs a <RoleProvider> above it');
  return { ...state, isAdmin: state.role === 'admin', canScreen: (SCREENING_ROLES as readonly Role[]).includes(state.role) };
}
