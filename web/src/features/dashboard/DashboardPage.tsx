/**
 * /dashboard (SPEC.md section 2): the role, Your Activity (live, DECISIONS.md 8), Quick
 * Actions, the database statistics and charts (DECISIONS.md 15), and the role's tools: Admin
 * Tools with the admin console's slot, or Broker Tools.
 */
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn, RoleBadge, useAuth, useRole } from '../auth';
import { ActivityCard } from './ActivityCard';
import { AdminPanelSlot } from './AdminPanelSlot';
import { AdminToolsCard } from './AdminToolsCard';
import { BrokerToolsCard } from './BrokerToolsCard';
import { QuickActionsCard } from './QuickActionsCard';
import { StatisticsCard } from './StatisticsCard';
import { useAdminConsoleView } from './useAdminConsoleView';
import './dashboard.css';

export function DashboardPage() {
  return (
    <RequireSignIn prompt="Please log in to access the dashboard">
      <Dashboard />
    </RequireSignIn>
  );
}

function Dashboard() {
  const { user } = useAuth();
  const { role, pending } = useRole();
  const adminConsole = useAdminConsoleView();
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
        {role === 'admin' && <AdminToolsCard onOpen={adminConsole.open} />}
        {role === 'broker' && <BrokerToolsCard />}
      </div>
      <StatisticsCard />
      {role === 'admin' && <AdminPanelSlot requested={adminConsole.requested} panelRef={adminConsole.panelRef} headingRef={adminConsole.headingRef} />}
    </Page>
  );
}
