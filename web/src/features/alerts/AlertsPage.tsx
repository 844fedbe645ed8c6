/**
 * /alerts (docs/decisions/0120-watch-alerts.md): what changed in the user's watched facilities
 * and places with each new dataset version, newest first. Once the alerts are shown they are
 * marked read, so the navigation bar's count drops; the screen keeps marking those that were new.
 */
import type { WatchAlert } from '@ust/schemas';
import { useEffect, useRef, useState } from 'react';
import { useAlertsQuery, useMarkAlertsSeenMutation } from '../../api';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn } from '../auth';
import { useDetailDialogs } from '../detail-dialogs/useDetailDialogs';
import { AlertCard } from './AlertCard';
import { NO_ALERTS_TEXT } from './alert-text';
import './alerts.css';

/** As many as GET /api/alerts gives. */
const PAGE_ALERTS = 200;

export function AlertsPage() {
  return (
    <RequireSignIn prompt="Please log in to see your alerts.">
      <Alerts />
    </RequireSignIn>
  );
}

const unreadIdsOf = (alerts: readonly WatchAlert[]) => new Set(alerts.filter((alert) => alert.unread).map((alert) => alert.id));

function Alerts() {
  const alerts = useAlertsQuery({ limit: PAGE_ALERTS });
  const { mutate: markSeen } = useMarkAlertsSeenMutation();
  const { openFacility, dialogs } = useDetailDialogs();
  // The alerts unread when the screen first had them: marking them read must not unmark them here.
  const [newIds, setNewIds] = useState<ReadonlySet<string> | null>(null);
  if (newIds === null && alerts.data) setNewIds(unreadIdsOf(alerts.data.alerts));

  // Once per visit; the ref keeps StrictMode's second effect run from asking again.
  const marked = useRef(false);
  const loaded = newIds !== null;
  useEffect(() => {
    if (!loaded || marked.current) return;
    marked.current = true;
    markSeen();
  }, [loaded, markSeen]);

  return (
    <Page title="Alerts" lead="What changed in the facilities and places you watch, with each new version of the data.">
      {alerts.isPending && <Loading text="Loading your alerts..." />}
      {alerts.isError && (
        <p className="alerts-error" role="alert">
          Your alerts could not be loaded: {alerts.error.message}
        </p>
      )}
      {alerts.data && alerts.data.alerts.length === 0 && <p className="muted">{NO_ALERTS_TEXT}</p>}
      {alerts.data && alerts.data.alerts.length > 0 && (
        <ul className="alert-cards" aria-label="Alerts, newest first">
          {alerts.data.alerts.map((alert) => (
            <AlertCard key={alert.id} alert={alert} isNew={newIds?.has(alert.id) ?? alert.unread} onOpenFacility={openFacility} />
          ))}
        </ul>
      )}
      {dialogs}
    </Page>
  );
}
