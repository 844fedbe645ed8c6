import { Suspense, type ReactNode, type Ref } from 'react';
import { screenForView, tabForView } from '../../admin-views';
import { Loading } from '../../components/Loading';
import { ADMIN_PANEL_ID, type AdminTool } from './admin-tools';

/**
 * Where the admin console (docs/product.md section 2 'Admin Panel') is embedded at the bottom of
 * an admin's dashboard. `requested` is the view an Admin Tools button asked for: a console tab
 * opens in the console (docs/decisions/0019-admin-and-broker-tools.md), a console screen (System
 * Health) above its tabs; the views that are not built yet still say what they will open.
 * `children` is the console, loaded lazily, that the router hands the dashboard (src/router.tsx).
 */
export function AdminPanelSlot(props: {
  requested: AdminTool | undefined;
  panelRef: Ref<HTMLElement>;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { requested, panelRef, headingRef } = props;
  return (
    <section ref={panelRef} id={ADMIN_PANEL_ID} className="card admin-panel-slot" aria-labelledby="admin-panel-title" data-admin-view={requested?.view}>
      <h2 id="admin-panel-title" ref={headingRef} tabIndex={-1}>
        Admin console
      </h2>
      {requested && !tabForView(requested.view) && !screenForView(requested.view) && (
        <p className="admin-panel-request" role="status">
          {requested.label} will open {requested.opens} here.
        </p>
      )}
      <Suspense fallback={<Loading text="Loading admin data..." />}>{props.children}</Suspense>
    </section>
  );
}
