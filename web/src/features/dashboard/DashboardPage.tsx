/**
 * /dashboard. FOUNDATION PLACEHOLDER, to be filled by the dashboard feature: the Your Activity
 * card (useMyActivityQuery), Quick Actions, Facility Database Statistics (useStatisticsQuery),
 * the charts, and the Admin and Broker tools (SPEC.md section 2, DECISIONS.md 8, 15, 19).
 * Only what the foundation owns is shown: the title, the user and their role.
 */
import { Page } from '../../components/Page';
import { RequireSignIn, RoleBadge, useAuth, useRole } from '../auth';

export function DashboardPage() {
  return (
    <RequireSignIn prompt="Please log in to access the dashboard">
      <Dashboard />
    </RequireSignIn>
  );
}

function Dashboard() {
  const { user } = useAuth();
  const { role } = useRole();
  return (
    <Page title="Dashboard" lead={`Welcome, ${user?.name || 'User'}`}>
      <p className="role-line">
        Your role: <RoleBadge role={role} />
      </p>
    </Page>
  );
}
