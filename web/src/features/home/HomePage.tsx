import { usePlatformStatus } from './usePlatformStatus';

export function HomePage() {
  const status = usePlatformStatus();
  return (
    <section className="home">
      <h1>Underground Storage Tank Risk Platform</h1>
      <p>
        Risk scores, maps, leak history and indicative insurance premiums for underground storage tank facilities
        across the United States.
      </p>
      <h2>Platform status</h2>
      {status.state === 'loading' && <p>Loading...</p>}
      {status.state === 'error' && <p role="alert">Status unavailable: {status.message}</p>}
      {status.state === 'loaded' && (
        <table className="status-table" aria-label="Platform status">
          <thead>
            <tr>
              <th>Port</th>
              <th>Adapter</th>
              <th>Mode</th>
              <th>Target</th>
              <th>Reachable</th>
            </tr>
          </thead>
          <tbody>
            {status.ready.ports.map((port) => (
              <tr key={port.port}>
                <td>{port.port}</td>
                <td>{port.adapter}</td>
                <td>{port.mode}</td>
                <td>{port.target}</td>
                <td>{port.reachable ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
