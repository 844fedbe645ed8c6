/**
 * The navigation bar's notifications (docs/decisions/0120-watch-alerts.md): a bell with the
 * unread count, asked again every minute, that opens the ten newest alerts and a link to
 * /alerts. Opening it marks nothing read; the Alerts screen does.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAlertsQuery } from '../../api';
import { formatDateTime } from '../../components/format';
import { NO_ALERTS_TEXT, notificationsLabel } from './alert-text';
import './alerts.css';

/** The menu shows the newest few; the Alerts screen shows them all. */
const MENU_ALERTS = 10;

export function NotificationsMenu() {
  const alerts = useAlertsQuery({ limit: MENU_ALERTS, poll: true });
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const unread = alerts.data?.unread ?? 0;
  const label = notificationsLabel(unread);

  function close({ refocus }: { refocus: boolean }) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  // Open: the panel takes focus, as a dialog's content does; a click or focus outside closes it.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="notifications"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close({ refocus: true });
        }
      }}
      onBlur={(event) => {
        // Tabbing out of the menu closes it; focus moving within it does not.
        if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="notifications-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close({ refocus: false }) : setOpen(true))}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notifications-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div ref={panelRef} id={panelId} className="notifications-panel" role="region" aria-labelledby={titleId} tabIndex={-1} hidden={!open}>
        <h2 id={titleId} className="notifications-title">
          Notifications
        </h2>
        {open && <MenuAlerts alerts={alerts} />}
        <Link to="/alerts" className="notifications-all" onClick={() => setOpen(false)}>
          All alerts
        </Link>
      </div>
    </div>
  );
}

function MenuAlerts({ alerts }: { alerts: ReturnType<typeof useAlertsQuery> }) {
  if (alerts.isPending) return <p className="muted">Loading alerts...</p>;
  if (alerts.isError)
    return (
      <p className="alerts-error" role="alert">
        Alerts could not be loaded: {alerts.error.message}
      </p>
    );
  if (alerts.data.alerts.length === 0) return <p className="muted">{NO_ALERTS_TEXT}</p>;
  return (
    <ul className="notifications-list">
      {alerts.data.alerts.map((alert) => (
        <li key={alert.id} className={alert.unread ? 'notifications-item notifications-item-unread' : 'notifications-item'} data-alert-id={alert.id}>
          <span className="notifications-summary">
            {alert.unread && (
              <>
                <span className="badge alert-new">New</span>{' '}
              </>
            )}
            {alert.summary}
          </span>
          <span className="notifications-meta">
            {alert.item_label} · {alert.watchlist_name} · <time dateTime={alert.created_at}>{formatDateTime(alert.created_at)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
      />
    </svg>
  );
}
