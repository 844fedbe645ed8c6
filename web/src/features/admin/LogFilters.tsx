import { LEVEL_OPTIONS, type LevelChoice } from './admin-format';

export interface LogFilterValues {
  text: string;
  level: LevelChoice;
}

/** docs/product.md section 2: the text filter, the level select and Export Logs. Both filters apply on the server. */
export function LogFilters(props: {
  values: LogFilterValues;
  onChange: (values: LogFilterValues) => void;
  onExport: () => void;
  /** False while the shown list is not yet the filters' (loading, or the previous filter's list). */
  canExport: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { values, onChange, onExport, canExport, onRefresh, refreshing } = props;
  return (
    <div className="admin-toolbar">
      <input
        type="search"
        className="admin-input"
        placeholder="Filter logs..."
        aria-label="Filter logs by message or category"
        maxLength={200}
        value={values.text}
        onChange={(event) => onChange({ ...values, text: event.target.value })}
      />
      <select
        className="admin-input"
        aria-label="Level"
        value={values.level}
        onChange={(event) => onChange({ ...values, level: event.target.value as LevelChoice })}
      >
        {LEVEL_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="admin-toolbar-spacer" />
      {/* No polling here: every reload is itself a logged request, and would push older entries out of the 20 shown. */}
      <button type="button" className="button button-secondary" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing...' : 'Refresh'}
      </button>
      <button type="button" className="button button-primary" onClick={onExport} disabled={!canExport}>
        Export Logs
      </button>
    </div>
  );
}
