import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { useAuth } from '../auth-state';
import { AccountDeactivated, LoginFailed } from '../features/auth/AuthProblem';
import { useRole } from '../features/auth/useRole';
import { NavBar } from './NavBar';

/** The frame of every screen. Until sign-in state is known no screen renders (docs/product.md section 2). */
export function Layout() {
  const { status } = useAuth();
  const { deactivated } = useRole();
  let content;
  if (status === 'loading') content = <Loading />;
  else if (status === 'error') content = <LoginFailed />;
  else if (status === 'authenticated' && deactivated) content = <AccountDeactivated />;
  else
    content = (
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    );
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="app-main" tabIndex={-1}>
        {content}
      </main>
    </div>
  );
}
