/** What a User Management change says in its confirmation dialog, as plain data (unit-tested). */
import type { AdminUser, AdminUserPatchBody, Role } from '@ust/schemas';

export interface UserChange {
  user: Pick<AdminUser, 'id' | 'email' | 'name' | 'role' | 'is_active'>;
  patch: AdminUserPatchBody;
}

export interface ChangeText {
  title: string;
  question: string;
  /** What confirming does next, so nobody confirms a lockout by accident. */
  consequence: string;
  confirm: string;
}

export const OWN_ACCOUNT_HINT = 'You cannot change your own role or activation; ask another admin.';

const who = (user: UserChange['user']) => (user.name ? `${user.name} (${user.email})` : user.email);

export function roleChange(user: UserChange['user'], role: Role): UserChange {
  return { user, patch: { role } };
}

export function activationChange(user: UserChange['user']): UserChange {
  return { user, patch: { is_active: !user.is_active } };
}

export function changeText({ user, patch }: UserChange): ChangeText {
  if (patch.role !== undefined) {
    return {
      title: 'Change role',
      question: `Change the role of ${who(user)} from ${user.role} to ${patch.role}?`,
      consequence: patch.role === 'admin' ? 'Admins see the admin console and can change every other user.' : 'The new role applies at their next request.',
      confirm: 'Change role',
    };
  }
  if (patch.is_active === false) {
    return {
      title: 'Deactivate user',
      question: `Deactivate ${who(user)}?`,
      consequence: 'They are refused everywhere until an admin reactivates them; their data is kept.',
      confirm: 'Deactivate',
    };
  }
  return {
    title: 'Reactivate user',
    question: `Reactivate ${who(user)}?`,
    consequence: `They get access again with the role ${user.role}.`,
    confirm: 'Reactivate',
  };
}
