import { Link } from 'react-router-dom';

/**
 * Broker Tools (docs/product.md section 2). Portfolio Screening takes the place of Client
 * Reports and opens its screen; Email Network does not exist yet, so it stays disabled and
 * says 'Coming soon' (docs/decisions/0019-admin-and-broker-tools.md): nothing pretends to
 * work.
 */
export function BrokerToolsCard() {
  return (
    <section className="card dashboard-card" aria-labelledby="broker-tools-title">
      <h2 id="broker-tools-title">Broker Tools</h2>
      <div className="action-list">
        <button type="button" className="button button-secondary" disabled>
          Email Network
          <span className="badge coming-soon">Coming soon</span>
        </button>
        <Link to="/screenings" className="button button-secondary">
          Portfolio Screening
        </Link>
      </div>
    </section>
  );
}
