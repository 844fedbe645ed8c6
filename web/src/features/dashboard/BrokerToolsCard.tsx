/**
 * Broker Tools (SPEC.md section 2). Neither tool exists yet, so both are disabled and say
 * 'Coming soon' (DECISIONS.md 19): nothing pretends to work.
 */
const BROKER_TOOLS = ['Email Network', 'Client Reports'] as const;

export function BrokerToolsCard() {
  return (
    <section className="card dashboard-card" aria-labelledby="broker-tools-title">
      <h2 id="broker-tools-title">Broker Tools</h2>
      <div className="action-list">
        {BROKER_TOOLS.map((label) => (
          <button key={label} type="button" className="button button-secondary" disabled>
            {label}
            <span className="badge coming-soon">Coming soon</span>
          </button>
        ))}
      </div>
    </section>
  );
}
