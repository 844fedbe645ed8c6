import type { FacilityStatistics } from '@ust/schemas';
import { useStatisticsQuery } from '../../api';
import { COVERAGE_CLASSES, coverageLabel, formatOrigins, formatSource } from './coverage-format';
import './data-coverage.css';

/**
 * The dashboard's "Data coverage": per state, whether its records are real, partly real or
 * generated, the counts behind it and the real files with their dates. The same figures as the
 * map's "Data coverage" layer and the statistics' sources.
 */
export function DataCoverageCard() {
  const { data: statistics } = useStatisticsQuery();
  return statistics ? <DataCoverageView statistics={statistics} /> : null;
}

export function DataCoverageView({ statistics }: { statistics: FacilityStatistics }) {
  const counts = COVERAGE_CLASSES.map(({ coverage, short }) => `${statistics.coverage.filter((state) => state.coverage === coverage).length} ${short}`);
  return (
    <section className="card data-coverage" aria-labelledby="data-coverage-title">
      <h2 id="data-coverage-title">Data coverage</h2>
      <p className="muted">States and territories: {counts.join(', ')}. Generated records are invented demo data, calibrated to EPA&apos;s per-state totals.</p>
      {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
      <div className="data-coverage-scroll" tabIndex={0} role="region" aria-label="Data coverage by state">
        <table className="data-coverage-table">
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Coverage</th>
              <th scope="col">Facilities</th>
              <th scope="col">Tanks</th>
              <th scope="col">Releases</th>
              <th scope="col">Real source files</th>
            </tr>
          </thead>
          <tbody>
            {statistics.coverage.map((state) => (
              <tr key={state.state} data-state={state.state}>
                <th scope="row">{state.name}</th>
                <td>
                  <span className={`coverage-badge coverage-${state.coverage}`}>{coverageLabel(state.coverage)}</span>
                </td>
                <td>{formatOrigins(state.facilities)}</td>
                <td>{formatOrigins(state.tanks)}</td>
                <td>{formatOrigins(state.releases)}</td>
                <td>
                  {state.sources.length === 0 ? (
                    'none'
                  ) : (
                    <ul className="data-coverage-sources">
                      {state.sources.map((source) => (
                        <li key={source.file}>{formatSource(source)}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
