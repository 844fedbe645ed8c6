import type { AdminActivity } from '@ust/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { ADMIN_ACTIVITIES_LIMIT } from '../../api';
import { formatTimestamp } from '../../components/format';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
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
      <DataTable
        rows={activities}
        columns={ACTIVITY_COLUMNS}
        rowKey={(activity) => activity.id}
        wrapperClassName="admin-table-scroll"
        className="admin-table"
        caption="User activities, newest first"
        captionHidden
        empty={<p className="admin-empty muted">No activities yet.</p>}
      />
      <p className="admin-footnote muted">The {ADMIN_ACTIVITIES_LIMIT} newest activities of every user.</p>
    </>
  );
}

const ACTIVITY_COLUMNS: DataTableColumn<AdminActivity>[] = [
  {
    key: 'user',
    header: 'User',
    cellAttributes: (activity) => ({ title: activity.email ?? activity.auth0_user_id ?? undefined }),
    cell: (activity) => userLabel(activity.auth0_user_id),
  },
  { key: 'activity', header: 'Activity', cell: (activity) => <ActivityBadge type={activity.activity_type} /> },
  { key: 'timestamp', header: 'Timestamp', className: 'admin-nowrap', cell: (activity) => <Time iso={activity.timestamp} format={formatTimestamp} /> },
  { key: 'role', header: 'Role', cell: (activity) => <ActivityRole role={activity.user_role} /> },
  {
    key: 'details',
    header: 'Details',
    className: 'admin-details',
    cell: (activity) => activityDetails(activity).map((detail) => <span key={detail}>{detail}</span>),
  },
];

/** The badge of a role the app knows; any other role as the server wrote it. */
function ActivityRole({ role }: { role: AdminActivity['user_role'] }) {
  const known = knownRole(role);
  return known ? <RoleBadge role={known} /> : <span className="muted">{role ?? '—'}</span>;
}
