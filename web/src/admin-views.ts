/**
 * The admin console's views and how a link names one: `?admin=<view>`
 * (docs/decisions/0019-admin-and-broker-tools.md). The dashboard's Admin Tools set it and the
 * console opens the tab it names. Both features read it from here, so neither depends on the
 * other.
 */
export const ADMIN_VIEW_PARAM = 'admin';

/** The console's five tabs (docs/product.md section 2 'Admin Panel'); System Logs is the default. */
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

/**
 * The tab a `?admin=` view names, or undefined when it names none: the views that are tabs open
 * that tab; the others (data-updates, system-health, webhook-deliveries) are not console tabs.
 */
export function tabForView(view: string | null | undefined): AdminTabId | undefined {
  return ADMIN_TABS.find((tab) => tab.id === view)?.id;
}

/**
 * Views the console shows above its tabs rather than as a tab (System Health, Data Updates, Webhook
 * Deliveries): opening one keeps the tabs where they were.
 */
export const ADMIN_SCREENS = ['system-health', 'data-updates', 'webhook-deliveries'] as const;
export type AdminScreen = (typeof ADMIN_SCREENS)[number];

/** The screen a `?admin=` view names, or undefined. */
export function screenForView(view: string | null | undefined): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => screen === view);
}
