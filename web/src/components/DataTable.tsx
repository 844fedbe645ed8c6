import type { HTMLAttributes, Key, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/** `data-*` attributes, which browser and component tests select rows and cells by. */
type DataAttributes = { [attribute: `data-${string}`]: string | number | undefined };

export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & DataAttributes;
export type CellAttributes = TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;

export interface DataTableColumn<Row> {
  /** Tells the column's header and cells apart from the other columns' (React's key). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /**
   * Right-aligns the header and the cells (the `numeric` class).
   * @defaultValue false
   */
  numeric?: boolean;
  /** Classes of every cell of the column (not of its header). */
  className?: string;
  /** Attributes of one row's cell: a title, a class that depends on the row, a test id. */
  cellAttributes?: (row: Row) => CellAttributes;
  /** Attributes of the header cell beyond its scope and class (`aria-sort`). */
  headerAttributes?: ThHTMLAttributes<HTMLTableCellElement>;
  /**
   * The cell names its row (`<th scope="row">`) for screen readers.
   * @defaultValue false
   */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row, index: number) => Key;
  /** Attributes of a row: a class that marks its state, `data-*` attributes that identify it. */
  rowAttributes?: (row: Row) => RowAttributes;
  /** Classes of the box around the table, which scrolls it sideways on a narrow screen. */
  wrapperClassName: string;
  /**
   * Names the box as a region a keyboard can reach (tabIndex 0) and scroll; without it the box is
   * a plain div.
   */
  regionLabel?: string;
  className?: string;
  caption?: ReactNode;
  /**
   * The caption is read by screen readers only: the screen shows the table's title elsewhere.
   * @defaultValue false
   */
  captionHidden?: boolean;
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode;
}

/** A table of rows with one column definition each: header, cell, alignment and attributes. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, columns, rowKey, rowAttributes, wrapperClassName, regionLabel, className, caption, captionHidden, empty } = props;
  if (rows.length === 0 && empty !== undefined) return empty;
  const region = regionLabel === undefined ? {} : { tabIndex: 0, role: 'region', 'aria-label': regionLabel };
  return (
    <div className={wrapperClassName} {...region}>
      <table className={className}>
        {caption !== undefined && <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" {...column.headerAttributes} className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowAttributes?.(row)}>
              {columns.map((column) => cellOf(row, column))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellOf<Row>(row: Row, column: DataTableColumn<Row>) {
  const { className, ...attributes } = column.cellAttributes?.(row) ?? {};
  const Tag = column.rowHeader ? 'th' : 'td';
  const classes = [column.numeric && 'numeric', column.className, className].filter(Boolean).join(' ');
  return (
    <Tag key={column.key} scope={column.rowHeader ? 'row' : undefined} className={classes || undefined} {...attributes}>
      {column.cell(row)}
    </Tag>
  );
}
