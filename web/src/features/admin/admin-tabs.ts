/**
 * The admin console's five tabs (SPEC.md section 2 'Admin Panel'); System Logs is the default.
 * An Admin Tools button asks for a view through `?admin=<view>` (DECISIONS.md 19): the views
 * that are tabs open that tab; the others (data-updates, system-health) are not console tabs.
 */
export const ADMIN_TABS = [
  { id: 'system-logs', label: 'System Logs' },
  { id: 'user-activities', label: 'User Activities' },
  { id: 'user-management', label: 'User Management' },
  { id: 'active-sessions', label: 'Active Sessions' },
  { id: 'analytics', label: 'Analytics' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminTabId = AdminTab['id'];

export const DEFAULT_ADMIN_TAB: AdminTabId = 'system-logs';

/** The tab a `?admin=` view names, or undefined when it names none. */
export function tabForView(view: string | null | undefined): AdminTabId | undefined {
  return ADMIN_TABS.find((tab) => tab.id === view)?.id;
}

/** The tab after `current` for an arrow, Home or End key (the ARIA tabs pattern), or undefined for any other key. */
export function tabForKey(current: AdminTabId, key: string): AdminTabId | undefined {
  const index = ADMIN_TABS.findIndex((tab) => tab.id === current);
  const last = ADMIN_TABS.length - 1;
  const next = key === 'ArrowRight' ? (index + 1) % ADMIN_TABS.length : key === 'ArrowLeft' ? (index + last) % ADMIN_TABS.length : key === 'Home' ? 0 : key === 'End' ? last : -1;
  return next < 0 ? undefined : ADMIN_TABS[next]?.id;
}
