import type { AdminUser } from '@ust/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminUserMutation } from '../../api';
import { Loading } from '../../components/Loading';
import { useAuth } from '../auth';
import { userCounts } from './admin-format';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { LoadFailure } from './LoadFailure';
import { UserRow } from './UserRow';
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
      {users.length === 0 ? (
        <p className="admin-empty muted">No users yet.</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Users</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Display name</th>
                <th scope="col">Role</th>
                <th scope="col">Registered</th>
                <th scope="col">Last login</th>
                <th scope="col">Status</th>
                <th scope="col" className="numeric">
                  Activities
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.id} user={user} own={user.auth0_user_id === me?.sub} onChange={ask} />
              ))}
            </tbody>
          </table>
        </div>
      )}
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
