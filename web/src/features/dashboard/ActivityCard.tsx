import { useMyActivityQuery } from '../../api';
import { activityValues } from './dashboard-format';

/** Your Activity, live from /me/activity (docs/decisions/0008-live-activity-card.md); a failed call shows 0, 0, Never like an empty history. */
export function ActivityCard() {
  const { data, isPending } = useMyActivityQuery();
  const values = activityValues(data);
  // While loading, a dash rather than 0/Never: a user with history should not see it flash.
  const shown = (value: string) => (isPending ? '–' : value);
  return (
    <section className="card dashboard-card" aria-labelledby="activity-title" aria-busy={isPending}>
      <h2 id="activity-title">Your Activity</h2>
      <dl className="detail-list">
        <div>
          <dt>Total Searches</dt>
          <dd>{shown(values.totalSearches)}</dd>
        </div>
        <div>
          <dt>Facilities Viewed</dt>
          <dd>{shown(values.facilitiesViewed)}</dd>
        </div>
        <div>
          <dt>Last Activity</dt>
          <dd>{values.lastActivityIso && !isPending ? <time dateTime={values.lastActivityIso}>{values.lastActivity}</time> : shown(values.lastActivity)}</dd>
        </div>
      </dl>
    </section>
  );
}
