import type { AdminActivity, AdminSession } from '@ust/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatCount, formatTimestamp } from '../../components/format';
import { Loading } from '../../components/Loading';
import { sessionTitle, userLabel } from './admin-format';
import { Time } from './Badges';
import { deriveSessions } from './derive-sessions';

/**
 * Active Sessions (docs/product.md section 2). When the sessions cannot be loaded they are
 * derived from the activities (docs/product.md section 7), and the tab says so: a derived
 * 'session' is a user's day.
 */
export function ActiveSessionsTab({ sessions, activities }: { sessions: UseQueryResult<AdminSession[]>; activities: UseQueryResult<AdminActivity[]> }) {
  const fallback = sessions.isError;
  if (sessions.isPending || (fallback && activities.isPending)) return <Loading text="Loading admin data..." />;
  const shown = fallback ? deriveSessions(activities.data ?? []) : (sessions.data ?? []);
  return (
    <>
      {fallback && (
        <p className="admin-failure" role="status">
          Could not load the sessions ({sessions.error?.message ?? 'unknown error'}); shown instead: the newest activities grouped per user per day (UTC).
        </p>
      )}
      {shown.length === 0 ? (
        <p className="admin-empty muted">No sessions yet.</p>
      ) : (
        <ul className="session-grid">
          {shown.map((session) => (
            <li key={session.session_id}>
              <SessionCard session={session} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SessionCard({ session }: { session: AdminSession }) {
  return (
    <article className="session-card" aria-label={`Session ${session.session_id}`}>
      <h3 className="session-id" title={session.session_id}>
        {sessionTitle(session.session_id)}
      </h3>
      <dl className="session-fields">
        <div>
          <dt>User</dt>
          <dd title={session.user_id ?? undefined}>{userLabel(session.user_id)}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <Time iso={session.start_time} format={formatTimestamp} />
          </dd>
        </div>
        <div>
          <dt>Last activity</dt>
          <dd>
            <Time iso={session.last_activity} format={formatTimestamp} />
          </dd>
        </div>
        <div>
          <dt>Actions</dt>
          <dd>{formatCount(session.activity_count)}</dd>
        </div>
      </dl>
      <p className="session-pages-title">Pages</p>
      {session.pages_visited.length === 0 ? (
        <p className="muted">None recorded</p>
      ) : (
        <ul className="session-pages">
          {session.pages_visited.map((page) => (
            <li key={page} className="admin-code">
              {page}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
