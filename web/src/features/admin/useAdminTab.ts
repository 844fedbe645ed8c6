import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ADMIN_VIEW_PARAM, DEFAULT_ADMIN_TAB, tabForView, type AdminTabId } from '../../admin-views';
import { recordActivity } from '../../telemetry';

/**
 * The shown tab. Opening the panel and every tab change record 'admin_panel_accessed' with the
 * tab and load the four data sets again (docs/product.md section 2). `?admin=<tab>` opens that
 * tab (docs/decisions/0019-admin-and-broker-tools.md): at first render, and at every
 * navigation that sets it, so an Admin Tools button clicked again after the admin moved to
 * another tab still opens its tab.
 */
export function useAdminTab(): [AdminTabId, (tab: AdminTabId) => void] {
  const [params] = useSearchParams();
  const location = useLocation();
  const requested = tabForView(params.get(ADMIN_VIEW_PARAM));
  const [tab, setTab] = useState<AdminTabId>(requested ?? DEFAULT_ADMIN_TAB);

  // Switched while rendering, not in an effect: the dashboard scrolls the panel into view in its
  // effect for this same navigation, and must measure the panel with the requested tab in it.
  // location.key changes at every navigation, also one that sets the same ?admin= again.
  const [navigation, setNavigation] = useState(location.key);
  if (navigation !== location.key) {
    setNavigation(location.key);
    if (requested) setTab(requested);
  }

  const queryClient = useQueryClient();
  // The tab last recorded; a ref, so StrictMode's second run of the effect records nothing more.
  const recorded = useRef<AdminTabId | null>(null);
  useEffect(() => {
    if (recorded.current === tab) return;
    const opening = recorded.current === null;
    recorded.current = tab;
    recordActivity('admin_panel_accessed', { details: { tab } });
    // At the opening the queries are loading anyway; after a change the lists stay up while they reload.
    if (!opening) void queryClient.invalidateQueries({ queryKey: ['admin'] });
  }, [tab, queryClient]);

  return [tab, setTab];
}
