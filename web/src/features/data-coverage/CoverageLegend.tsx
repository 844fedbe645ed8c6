import { COVERAGE_CLASSES, NO_RECORDS } from './coverage-format';

/** The "Data coverage" layer's legend: one swatch per class. */
export function CoverageLegend() {
  return (
    <div className="map-legend coverage-legend" aria-label="Legend: Data coverage">
      <div className="map-legend-title">Data coverage</div>
      {COVERAGE_CLASSES.map(({ coverage, label, color }) => (
        <div key={coverage} className="map-legend-zero">
          <span className="map-legend-swatch" style={{ background: color }} aria-hidden="true" /> {label}
        </div>
      ))}
      <div className="map-legend-zero">
        <span className="map-legend-swatch" style={{ background: NO_RECORDS.color }} aria-hidden="true" /> {NO_RECORDS.label}
      </div>
    </div>
  );
}
