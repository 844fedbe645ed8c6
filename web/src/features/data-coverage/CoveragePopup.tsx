import type { StateCoverage } from '@ust/schemas';
import { coverageLabel, formatOrigins, formatSource } from './coverage-format';

/** What the "Data coverage" layer's popup says of one state. */
export function CoveragePopupContent({ state }: { state: StateCoverage }) {
  return (
    <div className="coverage-popup" aria-label={`Data coverage of ${state.name}`}>
      <strong>{state.name}</strong>: {coverageLabel(state.coverage)}
      <dl>
        <dt>Facilities</dt>
        <dd>{formatOrigins(state.facilities)}</dd>
        <dt>Tanks</dt>
        <dd>{formatOrigins(state.tanks)}</dd>
        <dt>Releases</dt>
        <dd>{formatOrigins(state.releases)}</dd>
      </dl>
      {state.sources.length > 0 ? (
        <ul>
          {state.sources.map((source) => (
            <li key={source.file}>{formatSource(source)}</li>
          ))}
        </ul>
      ) : (
        <p>No real source file: every record is generated.</p>
      )}
    </div>
  );
}
