import type { ScreeningRow } from '@ust/schemas';
import { RiskScore } from '../../components/Badges';
import { formatCoordinate, formatMiles, formatUsd, NOT_AVAILABLE } from '../../components/format';
import { RowDetails } from './RowDetails';
import { OUTCOME_LABELS, formatFeet } from './screening-format';
import type { ScreeningSort, ScreeningSortKey } from './screening-rows';

/** One page of the result: a row per location, the sortable columns' headers are buttons. */
export function ResultTable({ rows, sort, onSort }: { rows: readonly ScreeningRow[]; sort: ScreeningSort; onSort: (key: ScreeningSortKey) => void }) {
  const header = (key: ScreeningSortKey, label: string, numeric = false) => (
    <SortHeader sortKey={key} label={label} sort={sort} onSort={onSort} numeric={numeric} />
  );
  return (
    <div className="screening-table-scroll" tabIndex={0} role="region" aria-label="Screened locations">
      <table className="screening-table screening-result-table">
        <caption className="visually-hidden">Screened locations; the sortable columns have buttons in their headers</caption>
        <thead>
          <tr>
            {header('line', 'Line', true)}
            {header('reference', 'Reference')}
            <th scope="col">Location</th>
            <th scope="col">Outcome</th>
            {header('risk', 'Risk')}
            {header('distance', 'Distance', true)}
            {header('premium', 'Lowest premium', true)}
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} data-line={row.line} data-outcome={row.outcome}>
              <td className="numeric">{row.line}</td>
              <th scope="row">{row.reference ?? <span className="muted">No reference</span>}</th>
              <td>
                <InputLocation row={row} />
              </td>
              <td>
                <span className={`badge screening-outcome screening-outcome-${row.outcome}`}>{OUTCOME_LABELS[row.outcome]}</span>
              </td>
              <td>
                <RiskCell row={row} />
              </td>
              <td className="numeric screening-nowrap">
                <DistanceCell row={row} />
              </td>
              <td className="numeric screening-nowrap">{row.facility ? <PremiumCell facility={row.facility} /> : <span className="muted">—</span>}</td>
              <td>
                <RowDetails row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader(props: { sortKey: ScreeningSortKey; label: string; sort: ScreeningSort; onSort: (key: ScreeningSortKey) => void; numeric: boolean }) {
  const { sortKey, label, sort, onSort, numeric } = props;
  const active = sort.key === sortKey;
  const direction = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={numeric ? 'numeric' : undefined}>
      <button type="button" className="screening-sort" onClick={() => onSort(sortKey)}>
        {label}
        <span aria-hidden="true" className="screening-sort-mark">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** What the file gave: the address, or the coordinates; and where the geocoder put it. */
function InputLocation({ row }: { row: ScreeningRow }) {
  const { input, location } = row;
  const address = [input.address, input.city, [input.state, input.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const given = address || (input.latitude || input.longitude ? `${input.latitude ?? '?'}, ${input.longitude ?? '?'}` : NOT_AVAILABLE);
  return (
    <>
      <div>{given}</div>
      {location && location.located_by !== 'coordinates' && (
        <div className="muted screening-small">
          Located by {location.located_by}
          {location.formatted_address ? `: ${location.formatted_address}` : ''}
        </div>
      )}
      {location && location.located_by === 'coordinates' && address && (
        <div className="muted screening-small">
          {formatCoordinate(location.latitude, 4)}, {formatCoordinate(location.longitude, 4)}
        </div>
      )}
    </>
  );
}

function RiskCell({ row }: { row: ScreeningRow }) {
  if (row.outcome === 'matched') return <RiskScore score={row.facility?.risk_score ?? null} />;
  if (row.outcome === 'screened') {
    const highest = row.surroundings?.highest_risk_within_one_mile ?? null;
    if (highest === null) return <span className="muted">None nearby</span>;
    return (
      <>
        <RiskScore score={highest} />
        <div className="muted screening-small">highest within 1 mile</div>
      </>
    );
  }
  return <span className="muted">—</span>;
}

function DistanceCell({ row }: { row: ScreeningRow }) {
  if (row.outcome === 'matched' && row.match) return <>{formatFeet(row.match.distance_feet)}</>;
  const nearest = row.surroundings?.nearest_release;
  if (row.outcome === 'screened' && nearest) {
    return (
      <>
        {formatMiles(nearest.distance_miles)}
        <div className="muted screening-small">to nearest release</div>
      </>
    );
  }
  return <span className="muted">—</span>;
}

function PremiumCell({ facility }: { facility: NonNullable<ScreeningRow['facility']> }) {
  const { lowest_premium: premium, best_carrier: carrier, no_quote_reason: reason } = facility.pricing;
  if (premium === null) return <span className="muted">{reason ?? 'No quote'}</span>;
  return (
    <>
      {formatUsd(premium)}
      <span className="muted">/yr</span>
      {carrier && <div className="muted screening-small">{carrier}</div>}
    </>
  );
}
