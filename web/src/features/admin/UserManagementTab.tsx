import type { AdminUser } from '@ust/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminUserMutation } from '../../api';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { useAuth } from '../auth';
import { userCounts } from './admin-format';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { LoadFailure } from './LoadFailure';
import { userColumns, userRowAttributes } from './user-columns';
import type { UserChange } from './user-changes';

/** User Management (docs/product.md section 2): the users, role and activation changes with confirmation, the counts. */
export function UserManagementTab({ query }: { query: UseQueryResult<AdminUser[]> }) {
  const { user: me } = useAuth();
  const [change, setChange] = useState<UserChange | null>(null);
  const mutation = useAdminUserMutation();
  if (query.isPending) return <Loading text="Loading admin data..." />;
  const users = query.data ?? [];

  const ask = (next: UserChange) => {
    mutation.reset();
    setChange(next);
  };
  const confirm = () => {
    if (!change) return;
    mutation.mutate({ id: change.user.id, patch: change.patch }, { onSuccess: () => setChange(null) });
  };

  return (
    <>
      <LoadFailure what="the users" query={query} />
      <DataTable
        rows={users}
        columns={userColumns((user) => user.auth0_user_id === me?.sub, ask)}
        rowKey={(user) => user.id}
        rowAttributes={userRowAttributes}
        wrapperClassName="admin-table-scroll"
        className="admin-table"
        caption="Users"
        captionHidden
        empty={<p className="admin-empty muted">No users yet.</p>}
      />
      <footer className="admin-footer">
        <dl>
          {userCounts(users).map((count) => (
            <div key={count.label}>
              <dt>{count.label}</dt>
              <dd>{count.value}</dd>
            </div>
          ))}
        </dl>
      </footer>
      {change && (
        <ConfirmChangeDialog change={change} pending={mutation.isPending} error={mutation.error} onConfirm={confirm} onCancel={() => setChange(null)} />
      )}
    </>
  );
}
