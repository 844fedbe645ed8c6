import type { WatchedItem } from '@ust/schemas';
import { useUnwatchMutation, useWatchlistQuery } from '../../api';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ExportButtons } from '../../components/ExportButtons';
import { formatDate, formatMiles } from '../../components/format';
import { Loading } from '../../components/Loading';
import type { FacilityToOpen } from '../detail-dialogs/useDetailDialogs';

/** The items of the list shown: what each watches, with Remove, and the list as a CSV. */
export function WatchlistItems({ id, onOpenFacility }: { id: string; onOpenFacility: (facility: FacilityToOpen) => void }) {
  const list = useWatchlistQuery(id);
  const unwatch = useUnwatchMutation();

  if (list.isPending) return <Loading text="Loading the watchlist..." />;
  if (list.isError)
    return (
      <p className="watch-error" role="alert">
        The watchlist could not be loaded: {list.error.message}
      </p>
    );

  const { name, items } = list.data;
  const columns: DataTableColumn<WatchedItem>[] = [
    { key: 'kind', header: 'Kind', cell: (item) => (item.kind === 'facility' ? 'Facility' : 'Place') },
    {
      key: 'label',
      header: 'Name or place',
      rowHeader: true,
      cell: (item) =>
        item.kind === 'facility' && item.facility_id ? (
          <button
            type="button"
            className="watchlist-link-button"
            onClick={() => onOpenFacility({ id: item.facility_id!, name: item.label, latitude: item.latitude, longitude: item.longitude })}
          >
            {item.label}
          </button>
        ) : (
          item.label
        ),
    },
    { key: 'facility', header: 'Facility ID', cell: (item) => item.facility_id ?? '' },
    { key: 'radius', header: 'Radius', cell: (item) => (item.radius_miles === null ? '' : formatMiles(item.radius_miles)) },
    { key: 'note', header: 'Note', cell: (item) => item.note },
    { key: 'added', header: 'Added', cell: (item) => formatDate(item.added_at) },
    {
      key: 'remove',
      header: <span className="visually-hidden">Remove</span>,
      cell: (item) => (
        <button
          type="button"
          className="button button-secondary button-small"
          aria-label={`Remove ${item.label}`}
          disabled={unwatch.isPending}
          onClick={() => unwatch.mutate([{ watchlistId: id, itemId: item.id }])}
        >
          Remove
        </button>
      ),
    },
  ];

  return (
    <section className="card watchlist-items" aria-labelledby="watchlist-items-heading">
      <div className="watchlist-items-head">
        <h2 id="watchlist-items-heading">{name}</h2>
        <ExportButtons
          label={`Export ${name}`}
          options={[
            {
              label: 'Export CSV',
              download: { route: 'GET /api/watchlists/{id}/export/csv', request: { params: { id } }, fallbackName: `watchlist-${id}.csv` },
            },
          ]}
        />
      </div>
      {unwatch.isError && (
        <p className="watch-error" role="alert">
          {unwatch.error.message}
        </p>
      )}
      <DataTable
        rows={items}
        columns={columns}
        rowKey={(item) => item.id}
        rowAttributes={(item) => ({ 'data-item-id': item.id })}
        wrapperClassName="watchlist-table-wrapper"
        regionLabel={`Items of ${name}`}
        className="watchlist-table"
        caption={`Items watched in ${name}`}
        captionHidden
        empty={<p className="muted">Nothing watched in this list yet. Use Watch on a facility's details, or on a search.</p>}
      />
    </section>
  );
}
