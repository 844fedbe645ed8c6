import { useId } from 'react';
import type { ScreeningOutcome } from '@ust/schemas';
import { OUTCOME_LABELS } from './screening-format';
import type { ScreeningRowFilter } from './screening-rows';

const OUTCOMES = Object.keys(OUTCOME_LABELS) as ScreeningOutcome[];
const RISK_SCORES = Array.from({ length: 10 }, (_, index) => index + 1);

/** The result table's filters: outcome, state, minimum risk and free text. */
export function ResultFilters({
  filter,
  states,
  onChange,
}: {
  filter: ScreeningRowFilter;
  states: readonly string[];
  onChange: (filter: ScreeningRowFilter) => void;
}) {
  const ids = { outcome: useId(), state: useId(), risk: useId(), text: useId() };
  return (
    <form className="screening-filters" role="search" aria-label="Filter the locations" onSubmit={(event) => event.preventDefault()}>
      <div className="screening-filter">
        <label htmlFor={ids.outcome}>Outcome</label>
        <select
          id={ids.outcome}
          value={filter.outcome}
          onChange={(event) => onChange({ ...filter, outcome: event.target.value as ScreeningRowFilter['outcome'] })}
        >
          <option value="all">All</option>
          {OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {OUTCOME_LABELS[outcome]}
            </option>
          ))}
        </select>
      </div>
      <div className="screening-filter">
        <label htmlFor={ids.state}>State</label>
        <select id={ids.state} value={filter.state} onChange={(event) => onChange({ ...filter, state: event.target.value })}>
          <option value="">All states</option>
          {states.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </div>
      <div className="screening-filter">
        <label htmlFor={ids.risk}>Minimum risk</label>
        <select
          id={ids.risk}
          value={filter.minRisk ?? ''}
          onChange={(event) => onChange({ ...filter, minRisk: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">Any</option>
          {RISK_SCORES.map((score) => (
            <option key={score} value={score}>
              {score}/10 or more
            </option>
          ))}
        </select>
      </div>
      <div className="screening-filter screening-filter-text">
        <label htmlFor={ids.text}>Reference or address</label>
        <input id={ids.text} type="search" value={filter.text} onChange={(event) => onChange({ ...filter, text: event.target.value })} />
      </div>
    </form>
  );
}
