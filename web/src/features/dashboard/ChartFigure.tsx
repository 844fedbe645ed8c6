import { useId, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatCount } from '../../components/format';
import type { ChartRow } from './chart-data';
import '../../components/figures.css';

const CATEGORY_COLUMN: DataTableColumn<ChartRow> = { key: 'category', header: 'Category', rowHeader: true, cell: (row) => row.label };

/**
 * One chart with its title and the same numbers as a table for screen readers: an SVG chart
 * alone tells a screen reader nothing about its values.
 */
export function ChartFigure({ title, valueLabel, rows, children }: { title: string; valueLabel: string; rows: ChartRow[]; children: ReactNode }) {
  const titleId = useId();
  return (
    <figure className="chart-figure" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      {rows.length === 0 ? <p className="muted chart-empty">No data in this dataset.</p> : children}
      {/* The wrapper is hidden, not the table: a table's height is only a minimum, so a hidden table still lengthens the page. */}
      <DataTable
        rows={rows}
        columns={[CATEGORY_COLUMN, { key: 'value', header: valueLabel, cell: (row) => formatCount(row.value) }]}
        rowKey={(row) => row.label}
        wrapperClassName="visually-hidden"
        caption={title}
      />
    </figure>
  );
}
