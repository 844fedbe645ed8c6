/**
 * The admin console (docs/product.md section 2 'Admin Panel') in the dashboard's #admin-panel slot:
 * five tabs over the admin API. Its own chunk, loaded only for admins, so nobody else downloads it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_VIEW_PARAM, screenForView, type AdminTabId } from '../../admin-views';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useRole } from '../auth';
import { levelParam } from './admin-format';
import { ActiveSessionsTab } from './ActiveSessionsTab';
import { ADMIN_TABPANEL_ID, AdminTabs, tabId } from './AdminTabs';
import { AnalyticsTab } from './AnalyticsTab';
import type { LogFilterValues } from './LogFilters';
import { DataUpdatesView } from './DataUpdatesView';
import { SystemHealthView } from './SystemHealthView';
import { SystemLogsTab } from './SystemLogsTab';
import { useAdminData, type AdminData } from './useAdminData';
import { useAdminTab } from './useAdminTab';
import { UserActivitiesTab } from './UserActivitiesTab';
import { UserManagementTab } from './UserManagementTab';
import { WebhookDeliveriesView } from './WebhookDeliveriesView';
import './admin.css';

/** The pause in typing before the text filter is sent (as the address suggestions wait). */
const FILTER_DEBOUNCE_MS = 300;

export function AdminConsole() {
  const { isAdmin } = useRole();
  // The dashboard renders this for admins only; the check here keeps it true wherever it is used.
  if (!isAdmin) return null;
  return <Console />;
}

function Console() {
  const [tab, selectTab] = useAdminTab();
  const [filters, setFilters] = useState<LogFilterValues>({ text: '', level: 'ALL' });
  const q = useDebouncedValue(filters.text.trim(), FILTER_DEBOUNCE_MS);
  const data = useAdminData({ level: levelParam(filters.level), q });
  const [params] = useSearchParams();
  const screen = screenForView(params.get(ADMIN_VIEW_PARAM));
  return (
    <div className="admin-console">
      {screen === 'system-health' && <SystemHealthView />}
      {screen === 'data-updates' && <DataUpdatesView />}
      {screen === 'webhook-deliveries' && <WebhookDeliveriesView />}
      <AdminTabs selected={tab} onSelect={selectTab} />
      <div id={ADMIN_TABPANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="admin-tabpanel" data-tab={tab}>
        <TabContent tab={tab} data={data} filters={filters} onFiltersChange={setFilters} filtersSettled={q === filters.text.trim()} />
      </div>
    </div>
  );
}

function TabContent(props: {
  tab: AdminTabId;
  data: AdminData;
  filters: LogFilterValues;
  onFiltersChange: (values: LogFilterValues) => void;
  filtersSettled: boolean;
}) {
  const { tab, data } = props;
  switch (tab) {
    case 'system-logs':
      return <SystemLogsTab query={data.logs} filters={props.filters} onFiltersChange={props.onFiltersChange} filtersSettled={props.filtersSettled} />;
    case 'user-activities':
      return <UserActivitiesTab query={data.activities} />;
    case 'user-management':
      return <UserManagementTab query={data.users} />;
    case 'active-sessions':
      return <ActiveSessionsTab sessions={data.sessions} activities={data.activities} />;
    case 'analytics':
      return <AnalyticsTab />;
  }
}
