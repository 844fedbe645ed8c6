import { ADMIN_TABS, type AdminTabId } from '../../admin-views';

/** The tab after `current` for an arrow, Home or End key (the ARIA tabs pattern), or undefined for any other key. */
export function tabForKey(current: AdminTabId, key: string): AdminTabId | undefined {
  const index = ADMIN_TABS.findIndex((tab) => tab.id === current);
  const last = ADMIN_TABS.length - 1;
  const next =
    key === 'ArrowRight'
      ? (index + 1) % ADMIN_TABS.length
      : key === 'ArrowLeft'
        ? (index + last) % ADMIN_TABS.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : -1;
  return next < 0 ? undefined : ADMIN_TABS[next]?.id;
}
