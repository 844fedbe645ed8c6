import type { ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import { RequireSignIn, useRole } from '../auth';

export const SCREENING_ROLES_MESSAGE = 'Portfolio screening is available to brokers, underwriters and admins.';

/** The message for a user who may not screen: their role says so, or the gateway answered 403. */
export function ScreeningForbidden() {
  return (
    <div className="notice card" role="alert">
      <p>{SCREENING_ROLES_MESSAGE}</p>
    </div>
  );
}

/** Signed in, with a role that may screen (docs/decisions/0034-access-by-role.md); the role message otherwise. */
export function ScreeningAccess({ children }: { children: ReactNode }) {
  return (
    <RequireSignIn prompt="Please log in to screen a portfolio.">
      <ScreeningRole>{children}</ScreeningRole>
    </RequireSignIn>
  );
}

function ScreeningRole({ children }: { children: ReactNode }) {
  const { canScreen, pending } = useRole();
  if (pending) return <Loading />;
  return canScreen ? children : <ScreeningForbidden />;
}
