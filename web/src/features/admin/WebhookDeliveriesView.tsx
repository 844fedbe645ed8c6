/**
 * Webhook Deliveries (docs/decisions/0122-webhooks.md): every try of the users' webhook
 * deliveries, newest first, with the receiver's host only; 'Dead letters only' lists the
 * deliveries given up after their last try. Asked again at each filter change and on Refresh.
 */
import { useId, useState } from 'react';
import { ADMIN_WEBHOOK_DELIVERIES_LIMIT, useAdminWebhookDeliveriesQuery } from '../../api';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { LoadFailure } from './LoadFailure';
import { useFailureLog } from './useAdminData';
import { WEBHOOK_DELIVERY_COLUMNS } from './webhook-delivery-columns';

export function WebhookDeliveriesView() {
  const [deadOnly, setDeadOnly] = useState(false);
  const query = useAdminWebhookDeliveriesQuery({ deadOnly });
  useFailureLog('webhook-deliveries', query);
  const deadOnlyId = useId();
  const deliveries = query.data ?? [];
  return (
    <section className="webhook-deliveries" aria-labelledby="webhook-deliveries-title">
      <h3 id="webhook-deliveries-title">Webhook Deliveries</h3>
      <div className="admin-toolbar">
        <label className="checkbox" htmlFor={deadOnlyId}>
          <input id={deadOnlyId} type="checkbox" checked={deadOnly} onChange={(event) => setDeadOnly(event.target.checked)} />
          <span>Dead letters only</span>
        </label>
        <span className="admin-toolbar-spacer" />
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {query.isPending && <Loading text="Reading the webhook deliveries..." />}
      <LoadFailure what="the webhook deliveries" query={query} />
      {!query.isPending && (
        <div aria-busy={query.isFetching}>
          <DataTable
            rows={deliveries}
            columns={WEBHOOK_DELIVERY_COLUMNS}
            rowKey={(delivery) => `${delivery.delivery_id}/${delivery.attempt}`}
            rowAttributes={(delivery) => ({ className: delivery.dead ? 'admin-row-dead' : undefined, 'data-delivery': delivery.delivery_id })}
            wrapperClassName="admin-table-scroll"
            regionLabel="Webhook delivery tries"
            className="admin-table"
            caption={deadOnly ? 'Dead webhook deliveries, newest first' : 'Webhook delivery tries, newest first'}
            captionHidden
            empty={
              <p className="admin-empty muted">
                {deadOnly ? 'No dead letters: every delivery got through or is still being retried.' : 'No webhook deliveries yet.'}
              </p>
            }
          />
        </div>
      )}
      <p className="admin-footnote muted">
        The {ADMIN_WEBHOOK_DELIVERIES_LIMIT} newest {deadOnly ? 'deliveries given up after their last try' : 'tries'}; a delivery keeps its id across its
        retries.
      </p>
    </section>
  );
}
