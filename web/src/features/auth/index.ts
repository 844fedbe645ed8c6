/** What screens use from sign-in and roles. */
export { useAuth, type AuthContextValue, type AuthStatus } from '../../auth-state';
export type { AuthUser } from './auth-client';
export { useRole, type RoleState } from './useRole';
export { RequireSignIn } from './RequireSignIn';
export { RoleBadge } from './RoleBadge';
