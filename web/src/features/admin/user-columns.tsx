import type { AdminUser, Role } from '@ust/schemas';
import { formatCount, formatDate, formatDateTime } from '../../components/format';
import { KNOWN_ROLES } from '../auth/role-cache';
import { RoleBadge } from '../auth';
import { StatusBadge, Time } from './Badges';
import { activationChange, OWN_ACCOUNT_HINT, roleChange, type UserChange } from './user-changes';

/** One user: the columns of docs/product.md section 2 'Admin Panel', the activity count, and the two changes (asked, never applied at once). */
export function UserRow({ user, own, onChange }: { user: AdminUser; own: boolean; onChange: (change: UserChange) => void }) {
  // The gateway refuses one's own account (403); the controls say so before anyone tries.
  const hint = own ? OWN_ACCOUNT_HINT : undefined;
  return (
    <tr className={user.is_active ? undefined : 'admin-row-inactive'}>
      <td className="admin-email">
        <Email address={user.email} />
        {own && <span className="admin-you"> (you)</span>}
      </td>
      <td>{user.name ?? <span className="muted">—</span>}</td>
      <td>
        <RoleBadge role={user.role} />
      </td>
      <td className="admin-nowrap">
        <Time iso={user.created_at} format={formatDate} />
      </td>
      <td className="admin-nowrap">{user.last_login ? <Time iso={user.last_login} format={formatDateTime} /> : 'Never'}</td>
      <td>
        <StatusBadge active={user.is_active} />
      </td>
      <td className="numeric">{formatCount(user.activity_count)}</td>
      <td>
        {/* The title sits on a wrapper too: a disabled control gets no pointer events in every browser, so no tooltip. */}
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
      </td>
    </tr>
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
