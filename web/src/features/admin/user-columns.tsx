import type { AdminUser, Role } from '@ust/schemas';
import type { DataTableColumn } from '../../components/DataTable';
import { formatCount, formatDate, formatDateTime } from '../../components/format';
import { KNOWN_ROLES } from '../auth/role-cache';
import { RoleBadge } from '../auth';
import { StatusBadge, Time } from './Badges';
import { activationChange, OWN_ACCOUNT_HINT, roleChange, type UserChange } from './user-changes';

/**
 * The users table's columns: those of docs/product.md section 2 'Admin Panel', the activity
 * count, and the two changes (asked, never applied at once). `isOwn` tells the signed-in admin's
 * own account, which the gateway refuses to change (403): its controls say so before anyone tries.
 */
export function userColumns(isOwn: (user: AdminUser) => boolean, onChange: (change: UserChange) => void): DataTableColumn<AdminUser>[] {
  return [
    {
      key: 'email',
      header: 'Email',
      className: 'admin-email',
      cell: (user) => (
        <>
          <Email address={user.email} />
          {isOwn(user) && <span className="admin-you"> (you)</span>}
        </>
      ),
    },
    { key: 'name', header: 'Display name', cell: (user) => user.name ?? <span className="muted">—</span> },
    { key: 'role', header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    { key: 'registered', header: 'Registered', className: 'admin-nowrap', cell: (user) => <Time iso={user.created_at} format={formatDate} /> },
    {
      key: 'last-login',
      header: 'Last login',
      className: 'admin-nowrap',
      cell: (user) => (user.last_login ? <Time iso={user.last_login} format={formatDateTime} /> : 'Never'),
    },
    { key: 'status', header: 'Status', cell: (user) => <StatusBadge active={user.is_active} /> },
    { key: 'activities', header: 'Activities', numeric: true, cell: (user) => formatCount(user.activity_count) },
    { key: 'actions', header: 'Actions', cell: (user) => <UserActions user={user} own={isOwn(user)} onChange={onChange} /> },
  ];
}

/** An inactive user's row is marked. */
export const userRowAttributes = (user: AdminUser) => ({ className: user.is_active ? undefined : 'admin-row-inactive' });

function UserActions({ user, own, onChange }: { user: AdminUser; own: boolean; onChange: (change: UserChange) => void }) {
  const hint = own ? OWN_ACCOUNT_HINT : undefined;
  return (
    // The title sits on a wrapper too: a disabled control gets no pointer events in every browser, so no tooltip.
    <span className="admin-user-actions" title={hint}>
      <select
        className="admin-input"
        aria-label={`Role of ${user.email}`}
        value={user.role}
        disabled={own}
        title={hint}
        // Controlled by the server's role: the select shows the new role only once it is confirmed and saved.
        onChange={(event) => onChange(roleChange(user, event.target.value as Role))}
      >
        {KNOWN_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={own}
        title={hint}
        aria-label={`${user.is_active ? 'Deactivate' : 'Reactivate'} ${user.email}`}
        onClick={() => onChange(activationChange(user))}
      >
        {user.is_active ? 'Deactivate' : 'Reactivate'}
      </button>
    </span>
  );
}

/** A narrow column wraps an address after its '@' rather than mid-word. */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
