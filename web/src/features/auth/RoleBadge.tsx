import type { Role } from '@ust/schemas';

/** A role as a coloured badge (dashboard, admin lists). */
export function RoleBadge({ role }: { role: Role }) {
  return <span className={`badge badge-role badge-role-${role}`}>{role}</span>;
}
