/**
 * /dashboard (docs/product.md section 2): the role, Your Activity (live,
 * docs/decisions/0008-live-activity-card.md), Quick Actions, the database statistics and
 * charts (docs/decisions/0015-dashboard-charts.md), the data coverage per state
 * (docs/decisions/0111-national-demo-real-records.md), and the role's tools: Admin Tools with
 * the admin console's slot, or Broker Tools.
 */
import type { ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn, RoleBadge, useAuth, useRole } from '../auth';
import { ActivityCard } from './ActivityCard';
import { AdminPanelSlot } from './AdminPanelSlot';
import { AdminToolsCard } from './AdminToolsCard';
import { BrokerToolsCard } from './BrokerToolsCard';
import { QuickActionsCard } from './QuickActionsCard';
import { StatisticsCard } from './StatisticsCard';
import { DataCoverageCard } from '../data-coverage/DataCoverageCard';
import { useAdminConsoleView } from './useAdminConsoleView';
import './dashboard.css';

export interface DashboardPageProps {
  /** Shown in the admin panel slot of an admin's dashboard only. */
  adminConsole: ReactNode;
}

export function DashboardPage({ adminConsole }: DashboardPageProps) {
  return (
    <RequireSignIn prompt="Please log in to access the dashboard">
      <Dashboard adminConsole={adminConsole} />
    </RequireSignIn>
  );
}

function Dashboard({ adminConsole }: DashboardPageProps) {
  const { user } = useAuth();
  const { role, pending } = useRole();
  const adminView = useAdminConsoleView();
  // The tools depend on the role: wait for it rather than show a general dashboard that then changes.
  if (pending) return <Loading text="Loading dashboard..." />;
  return (
    <Page title="Dashboard" lead={`Welcome, ${user?.name || 'User'}`}>
      <p className="role-line">
        Your role: <RoleBadge role={role} />
      </p>
      <div className="dashboard-cards">
        <ActivityCard />
        <QuickActionsCard />
        {role === 'admin' && <AdminToolsCard onOpen={adminView.open} />}
        {role === 'broker' && <BrokerToolsCard />}
      </div>
      <StatisticsCard />
      <DataCoverageCard />
      {role === 'admin' && (
        <AdminPanelSlot requested={adminView.requested} panelRef={adminView.panelRef} headingRef={adminView.headingRef}>
          {adminConsole}
        </AdminPanelSlot>
      )}
    </Page>
  );
}
