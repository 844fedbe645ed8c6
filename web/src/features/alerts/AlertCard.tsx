import type { AlertFacility, WatchAlert } from '@ust/schemas';
import { Link } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatDateTime, formatText } from '../../components/format';
import type { FacilityToOpen } from '../detail-dialogs/useDetailDialogs';
import { changeLabel, sourceText, versionsText } from './alert-text';

/**
 * One alert of the Alerts screen: what changed and on which watched item of which list, the
 * facilities concerned with their values before and after, and the import and versions that
 * brought it. `isNew` marks an alert that was unread when the screen opened.
 */
export function AlertCard({ alert, isNew, onOpenFacility }: { alert: WatchAlert; isNew: boolean; onOpenFacility: (facility: FacilityToOpen) => void }) {
  const columns: DataTableColumn<AlertFacility>[] = [
    {
      key: 'name',
      header: 'Facility',
      rowHeader: true,
      cell: (facility) => (
        <button
          type="button"
          className="alert-link-button"
          onClick={() => onOpenFacility({ id: facility.facility_id, name: facility.name, latitude: null, longitude: null })}
        >
          {facility.name ?? facility.facility_id}
        </button>
      ),
    },
    { key: 'old', header: 'Before', cell: (facility) => formatText(facility.old_value) },
    { key: 'new', header: 'After', cell: (facility) => formatText(facility.new_value) },
  ];

  return (
    <li className={isNew ? 'card alert-card alert-card-new' : 'card alert-card'} data-alert-id={alert.id}>
      <p className="alert-tags">
        <span className="alert-change">{changeLabel(alert)}</span>
        {isNew && <span className="badge alert-new">New</span>}
        {alert.high_risk && <span className="badge alert-high-risk">High risk</span>}
      </p>
      <h2 className="alert-summary">{alert.summary}</h2>
      <p className="alert-item">
        {alert.item_kind === 'facility' ? 'Watched facility' : 'Watched place'} <strong>{alert.item_label}</strong> in{' '}
        <Link to={`/watchlists?list=${encodeURIComponent(alert.watchlist_id)}`}>{alert.watchlist_name}</Link>
      </p>
      <DataTable
        rows={alert.facilities}
        columns={columns}
        rowKey={(facility) => facility.facility_id}
        wrapperClassName="alert-table-wrapper"
        className="alert-table"
        caption={`Facilities concerned: ${alert.summary}`}
        captionHidden
        empty={null}
      />
      <p className="alert-source muted">
        {sourceText(alert)}, {versionsText(alert)} · <time dateTime={alert.created_at}>{formatDateTime(alert.created_at)}</time>
      </p>
    </li>
  );
}
