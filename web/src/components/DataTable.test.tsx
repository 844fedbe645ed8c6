// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable';

afterEach(cleanup);

interface Tank {
  id: string;
  status: 'Open' | 'Closed';
  capacity: number;
}

const TANKS: Tank[] = [
  { id: 'T-1', status: 'Open', capacity: 12_000 },
  { id: 'T-2', status: 'Closed', capacity: 550 },
];

const COLUMNS: DataTableColumn<Tank>[] = [
  { key: 'tank', header: 'Tank', rowHeader: true, cell: (tank) => tank.id },
  {
    key: 'status',
    header: 'Status',
    cellAttributes: (tank) => ({ className: tank.status === 'Closed' ? 'muted' : undefined, title: tank.status }),
    cell: (tank) => tank.status,
  },
  { key: 'capacity', header: 'Capacity (gal)', numeric: true, className: 'nowrap', cell: (tank) => tank.capacity.toLocaleString('en-US') },
];

const tankTable = (props: Partial<Parameters<typeof DataTable<Tank>>[0]> = {}) => (
  <DataTable rows={TANKS} columns={COLUMNS} rowKey={(tank) => tank.id} wrapperClassName="table-scroll" className="detail-table" caption="Tanks" {...props} />
);

describe('DataTable', () => {
  it('shows a header per column and a row per item, the row header as a th, numeric columns right-aligned', () => {
    render(tankTable({ rowAttributes: (tank) => ({ 'data-tank': tank.id, className: tank.status === 'Open' ? 'is-open' : undefined }) }));
    const table = screen.getByRole('table', { name: 'Tanks' });
    expect(table).toHaveClass('detail-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => [header.textContent, header.className]),
    ).toEqual([
      ['Tank', ''],
      ['Status', ''],
      ['Capacity (gal)', 'numeric'],
    ]);
    const [, open, closed] = within(table).getAllByRole('row');
    expect(open).toHaveAttribute('data-tank', 'T-1');
    expect(open).toHaveClass('is-open');
    expect(closed).not.toHaveAttribute('class');
    expect(within(closed!).getByRole('rowheader')).toHaveTextContent('T-2');
    const [status, capacity] = within(closed!).getAllByRole('cell');
    expect(status).toHaveClass('muted');
    expect(status).toHaveAttribute('title', 'Closed');
    expect(capacity).toHaveTextContent('550');
    expect(capacity!.className).toBe('numeric nowrap');
  });

  it('hides the caption from sight only when asked, and names a scrollable region when given a label', () => {
    render(tankTable({ captionHidden: true, regionLabel: 'Tanks of the facility' }));
    expect(screen.getByText('Tanks', { selector: 'caption' })).toHaveClass('visually-hidden');
    const region = screen.getByRole('region', { name: 'Tanks of the facility' });
    expect(region).toHaveClass('table-scroll');
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('shows the empty state instead of a table when there are no rows, and an empty table without one', () => {
    render(tankTable({ rows: [], empty: <p className="muted">No tank records for this facility.</p> }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No tank records for this facility.')).toHaveClass('muted');
    cleanup();
    render(tankTable({ rows: [] }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  });
});
