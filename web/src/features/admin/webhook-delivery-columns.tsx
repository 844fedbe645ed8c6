import type { AdminWebhookDelivery } from '@ust/schemas';
import type { DataTableColumn } from '../../components/DataTable';
import { formatCount, formatTimestamp } from '../../components/format';
import { Time } from './Badges';

/** 'OK (202)', 'Failed (500)', or 'Failed' when the receiver did not answer. */
export function deliveryResult({ ok, status }: Pick<AdminWebhookDelivery, 'ok' | 'status'>): string {
  return `${ok ? 'OK' : 'Failed'}${status === null ? '' : ` (${status})`}`;
}

/** OK green, failed amber, and a red Dead badge on the last try of a delivery given up (admin.css). */
function ResultBadges({ delivery }: { delivery: AdminWebhookDelivery }) {
  return (
    <span className="admin-badges">
      <span className={`badge ${delivery.ok ? 'badge-active' : 'badge-failed'}`}>{deliveryResult(delivery)}</span>
      {delivery.dead && <span className="badge badge-dead">Dead</span>}
    </span>
  );
}

export const WEBHOOK_DELIVERY_COLUMNS: DataTableColumn<AdminWebhookDelivery>[] = [
  { key: 'at', header: 'Time', className: 'admin-nowrap', cell: (delivery) => <Time iso={delivery.at} format={formatTimestamp} /> },
  { key: 'delivery', header: 'Delivery', className: 'admin-code', cell: (delivery) => delivery.delivery_id },
  { key: 'host', header: 'Host', className: 'admin-code', cell: (delivery) => delivery.host },
  { key: 'user', header: 'User', className: 'admin-code', cell: (delivery) => delivery.owner_id },
  { key: 'attempt', header: 'Try', numeric: true, cell: (delivery) => formatCount(delivery.attempt) },
  { key: 'result', header: 'Result', className: 'admin-nowrap', cell: (delivery) => <ResultBadges delivery={delivery} /> },
  { key: 'error', header: 'Error', className: 'admin-message', cell: (delivery) => delivery.error ?? '' },
  { key: 'duration', header: 'Duration', numeric: true, className: 'admin-nowrap', cell: (delivery) => `${formatCount(delivery.duration_ms)} ms` },
  { key: 'alerts', header: 'Alerts', numeric: true, cell: (delivery) => formatCount(delivery.alerts) },
];
