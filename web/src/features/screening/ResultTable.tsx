import type { AriaAttributes } from 'react';
import type { ScreeningRow } from '@ust/schemas';
import { RiskScore } from '../../components/Badges';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { distanceText } from '@ust/schemas/location-label';
import { formatCoordinate, formatUsd, NOT_AVAILABLE } from '../../components/format';
import { RowDetails } from './RowDetails';
import { OUTCOME_LABELS, formatFeet } from './screening-format';
import type { ScreeningSort, ScreeningSortKey } from './screening-rows';

/** One page of the result: a row per location, the sortable columns' headers are buttons. */
export function ResultTable({ rows, sort, onSort }: { rows: readonly ScreeningRow[]; sort: ScreeningSort; onSort: (key: ScreeningSortKey) => void }) {
  return (
    <DataTable
      rows={rows}
      columns={resultColumns(sort, onSort)}
      rowKey={(row) => row.line}
      rowAttributes={(row) => ({ 'data-line': row.line, 'data-outcome': row.outcome })}
      wrapperClassName="screening-table-scroll"
      regionLabel="Screened locations"
      className="screening-table screening-result-table"
      caption="Screened locations; the sortable columns have buttons in their headers"
      captionHidden
    />
  );
}

function resultColumns(sort: ScreeningSort, onSort: (key: ScreeningSortKey) => void): DataTableColumn<ScreeningRow>[] {
  // A sortable column's header is a button, and the header cell says whether the rows are sorted by it.
  const sortable = (key: ScreeningSortKey, label: string): Pick<DataTableColumn<ScreeningRow>, 'header' | 'headerAttributes'> => ({
    header: <SortButton sortKey={key} label={label} sort={sort} onSort={onSort} />,
    headerAttributes: { 'aria-sort': ariaSort(sort, key) },
  });
  return [
    { key: 'line', ...sortable('line', 'Line'), numeric: true, cell: (row) => row.line },
    { key: 'reference', ...sortable('reference', 'Reference'), rowHeader: true, cell: (row) => row.reference ?? <span className="muted">No reference</span> },
    { key: 'location', header: 'Location', cell: (row) => <InputLocation row={row} /> },
    {
      key: 'outcome',
      header: 'Outcome',
      cell: (row) => <span className={`badge screening-outcome screening-outcome-${row.outcome}`}>{OUTCOME_LABELS[row.outcome]}</span>,
    },
    { key: 'risk', ...sortable('risk', 'Risk'), cell: (row) => <RiskCell row={row} /> },
    { key: 'distance', ...sortable('distance', 'Distance'), numeric: true, className: 'screening-nowrap', cell: (row) => <DistanceCell row={row} /> },
    {
      key: 'premium',
      ...sortable('premium', 'Lowest premium'),
      numeric: true,
      className: 'screening-nowrap',
      cell: (row) => (row.facility ? <PremiumCell facility={row.facility} /> : <span className="muted">—</span>),
    },
    { key: 'details', header: 'Details', cell: (row) => <RowDetails row={row} /> },
  ];
}

function ariaSort(sort: ScreeningSort, key: ScreeningSortKey): AriaAttributes['aria-sort'] {
  if (sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

function SortButton({
  sortKey,
  label,
  sort,
  onSort,
}: {
  sortKey: ScreeningSortKey;
  label: string;
  sort: ScreeningSort;
  onSort: (key: ScreeningSortKey) => void;
}) {
  const active = sort.key === sortKey;
  return (
    <button type="button" className="screening-sort" onClick={() => onSort(sortKey)}>
      {label}
      <span aria-hidden="true" className="screening-sort-mark">
        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
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
        {distanceText(nearest.distance_miles, nearest.approximate ?? false)}
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
