import type { Ref } from 'react';
import { ADMIN_PANEL_ID, type AdminTool } from './admin-tools';

/**
 * Where the admin console (SPEC.md 'Admin Panel') is embedded at the bottom of an admin's
 * dashboard. PLACEHOLDER until the console is built: it says so and shows no data, rather than
 * figures that would look real. `requested` is the view an Admin Tools button asked for.
 */
export function AdminPanelSlot(props: { requested: AdminTool | undefined; panelRef: Ref<HTMLElement>; headingRef: Ref<HTMLHeadingElement> }) {
  const { requested, panelRef, headingRef } = props;
  return (
    <section ref={panelRef} id={ADMIN_PANEL_ID} className="card admin-panel-slot" aria-labelledby="admin-panel-title" data-admin-view={requested?.view}>
      <h2 id="admin-panel-title" ref={headingRef} tabIndex={-1}>
        Admin console
      </h2>
      <p className="muted">
        The admin console (System Logs, User Activities, User Management, Active Sessions, Analytics) is not available yet; it will
        appear here.
      </p>
      {requested && (
        <p className="admin-panel-request" role="status">
          {requested.label} will open {requested.opens} here.
        </p>
      )}
    </section>
  );
}
