import { useId, useState } from 'react';
import type { Webhook } from '@ust/schemas';
import { useDeleteWebhookMutation, useTestWebhookMutation } from '../../api';
import { formatDate } from '../../components/format';
import { lastDeliveryText, testResultText } from './webhook-text';

/** One webhook of the user's: where it posts, its last delivery, Send test (answered inline), and Delete after a confirmation. */
export function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [confirming, setConfirming] = useState(false);
  const test = useTestWebhookMutation();
  const remove = useDeleteWebhookMutation();
  const urlId = useId();

  let testStatus = '';
  if (test.isPending) testStatus = 'Sending a test event…';
  else if (test.isError) testStatus = `The test could not be sent: ${test.error.message}`;
  else if (test.data) testStatus = testResultText(test.data);

  return (
    <li className="webhook-item" aria-labelledby={urlId} data-webhook-id={webhook.id}>
      <p id={urlId} className="webhook-url">
        {webhook.url}
      </p>
      <p className="muted webhook-meta">
        Added <time dateTime={webhook.created_at}>{formatDate(webhook.created_at)}</time>. {lastDeliveryText(webhook.last_delivery)}
      </p>
      {confirming ? (
        <div className="webhook-actions" role="group" aria-label={`Delete the webhook to ${webhook.url}?`}>
          <p className="webhook-confirm-question">Stop sending alerts to {webhook.url}? This cannot be undone.</p>
          <button type="button" className="button button-danger button-small" disabled={remove.isPending} onClick={() => remove.mutate(webhook.id)}>
            Delete webhook
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="webhook-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-describedby={urlId}
            disabled={test.isPending}
            onClick={() => test.mutate(webhook.id)}
          >
            Send test
          </button>
          <button type="button" className="button button-secondary button-small" aria-describedby={urlId} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
      <p className={`webhook-status${test.isError || test.data?.ok === false ? ' webhook-error' : ''}`} role="status">
        {testStatus}
      </p>
      {remove.error && (
        <p className="webhook-error" role="alert">
          Not deleted: {remove.error.message}
        </p>
      )}
    </li>
  );
}
