import { Link, Outlet } from 'react-router-dom';

export function Layout() {
  return (
    <div className="app">
      <header className="nav">
        <Link to="/" className="nav-title">
          UST Risk Platform
        </Link>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
