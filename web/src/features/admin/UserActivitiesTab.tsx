import type { AdminActivity } from '@ust/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { ADMIN_ACTIVITIES_LIMIT } from '../../api';
import { formatTimestamp } from '../../components/format';
import { ExportButtons } from '../../components/ExportButtons';
import { Loading } from '../../components/Loading';
import { RoleBadge } from '../auth';
import { activityDetails, knownRole, userLabel } from './admin-format';
import { ActivityBadge, Time } from './Badges';
import { LoadFailure } from './LoadFailure';

/** User Activities (docs/product.md section 2): user, activity, timestamp, role badge, details. */
export function UserActivitiesTab({ query }: { query: UseQueryResult<AdminActivity[]> }) {
  if (query.isPending) return <Loading text="Loading admin data..." />;
  const activities = query.data ?? [];
  return (
    <>
      <ExportButtons
        label="Export the user activities"
        options={[
          {
            label: 'Export all activities as CSV',
            download: { route: 'GET /api/admin/user-activities/export/csv', request: {}, fallbackName: 'user-activities.csv' },
          },
        ]}
      />
      <LoadFailure what="the user activities" query={query} />
      {activities.length === 0 ? (
        <p className="admin-empty muted">No activities yet.</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">User activities, newest first</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Activity</th>
                <th scope="col">Timestamp</th>
                <th scope="col">Role</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {activities.map((activity) => (
                <ActivityRow key={activity.id} activity={activity} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-footnote muted">The {ADMIN_ACTIVITIES_LIMIT} newest activities of every user.</p>
    </>
  );
}

function ActivityRow({ activity }: { activity: AdminActivity }) {
  const role = knownRole(activity.user_role);
  return (
    <tr>
      <td title={activity.email ?? activity.auth0_user_id ?? undefined}>{userLabel(activity.auth0_user_id)}</td>
      <td>
        <ActivityBadge type={activity.activity_type} />
      </td>
      <td className="admin-nowrap">
        <Time iso={activity.timestamp} format={formatTimestamp} />
      </td>
      <td>{role ? <RoleBadge role={role} /> : <span className="muted">{activity.user_role ?? '—'}</span>}</td>
      <td className="admin-details">
        {activityDetails(activity).map((detail) => (
          <span key={detail}>{detail}</span>
        ))}
      </td>
    </tr>
  );
}
