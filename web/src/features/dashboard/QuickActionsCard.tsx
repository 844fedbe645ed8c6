import { Link } from 'react-router-dom';

export function QuickActionsCard() {
  return (
    <section className="card dashboard-card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick Actions</h2>
      <div className="action-list">
        <Link className="button button-primary" to="/county-map">
          USA Risk Map
        </Link>
        <Link className="button button-secondary" to="/search">
          Search Facilities
        </Link>
      </div>
    </section>
  );
}
