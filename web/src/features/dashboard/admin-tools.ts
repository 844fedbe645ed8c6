/**
 * The Admin Tools buttons (docs/product.md section 2) and the admin console view each opens
 * (docs/decisions/0019-admin-and-broker-tools.md). The view travels in the URL
 * (?admin=user-management, src/admin-views.ts) so the console in the #admin-panel slot can
 * open the right tab, and a view can be linked to.
 */
export const ADMIN_TOOLS = [
  { view: 'user-management', label: 'User Management', opens: "the console's User Management tab" },
  { view: 'data-updates', label: 'Data Updates', opens: 'the list of dataset imports' },
  { view: 'system-health', label: 'System Health', opens: 'ports, consumer lag, dead letters, job queues and the age of the derived data' },
  { view: 'webhook-deliveries', label: 'Webhook Deliveries', opens: "the users' webhook deliveries and their dead letters" },
] as const;

export type AdminTool = (typeof ADMIN_TOOLS)[number];
export type AdminView = AdminTool['view'];

export const ADMIN_PANEL_ID = 'admin-panel';

/** The tool a URL asks for; anything else (a typo, an old link) opens nothing. */
export function findAdminTool(view: string | null): AdminTool | undefined {
  return ADMIN_TOOLS.find((tool) => tool.view === view);
}
