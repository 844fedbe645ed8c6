import { useId, useState, type FormEvent } from 'react';
import type { WebhookCreated } from '@ust/schemas';
import { WATCHLIST_LIMITS } from '@ust/schemas/constants';
import { useCreateWebhookMutation, useWebhooksQuery } from '../../api';
import { WebhookItem } from './WebhookItem';

const LIMIT = WATCHLIST_LIMITS.webhooksPerUser;

/**
 * The user's webhooks (docs/decisions/0122-webhooks.md): add one, see its signing secret once,
 * test it, delete it. The secret lives only in the answer to the add, so it is gone from the
 * screen once that answer is dismissed or the page is left.
 */
export function WebhooksSection() {
  const webhooks = useWebhooksQuery();
  const create = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const urlId = useId();
  const limitId = useId();
  const list = webhooks.data?.webhooks ?? [];
  const full = list.length >= LIMIT;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(url.trim(), { onSuccess: () => setUrl('') });
  }

  return (
    <section className="card settings-section" aria-labelledby="webhooks-heading" aria-busy={webhooks.isPending}>
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="muted">
        Alerts on the items you watch are POSTed as signed JSON to your URL. To verify one, compute the HMAC-SHA256 of <code>timestamp.body</code> (the{' '}
        <code>X-UST-Timestamp</code> header, a dot, the raw body) with your secret and compare it with <code>X-UST-Signature</code> (<code>sha256=</code> and
        the hex digest); reject timestamps older than 5 minutes.
      </p>
      <form className="webhooks-form" aria-label="Add a webhook" onSubmit={submit}>
        <div className="webhooks-field">
          <label htmlFor={urlId}>Webhook URL</label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://"
            required
            maxLength={WATCHLIST_LIMITS.webhookUrlLength}
            aria-describedby={limitId}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={create.isPending || full || url.trim() === ''}>
          {create.isPending ? 'Adding…' : 'Add webhook'}
        </button>
      </form>
      <p id={limitId} className="muted webhooks-limit">
        {full
          ? `You have ${LIMIT} webhooks, the most one account may keep: delete one to add another.`
          : `An https URL on the public internet; up to ${LIMIT} webhooks.`}
      </p>
      {create.error && (
        <p className="webhook-error" role="alert">
          Not added: {create.error.message}
        </p>
      )}
      {create.data && <NewSecret webhook={create.data} onDone={() => create.reset()} />}
      {webhooks.isError && (
        <p className="webhook-error" role="alert">
          Your webhooks could not be loaded: {webhooks.error.message}
        </p>
      )}
      {webhooks.data &&
        (list.length === 0 ? (
          <p className="muted">No webhooks yet.</p>
        ) : (
          <ul className="webhook-list" aria-label="Your webhooks">
            {list.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/** The signing secret of the webhook just added, read-only with a Copy button: the one time it is shown. */
function NewSecret({ webhook, onDone }: { webhook: WebhookCreated; onDone: () => void }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const secretId = useId();
  const noteId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="webhook-secret" role="group" aria-label="Signing secret of the new webhook">
      <p id={noteId}>
        <strong>Added {webhook.url}.</strong> Copy this secret now: it will not be shown again.
      </p>
      <label htmlFor={secretId}>Signing secret</label>
      <div className="webhook-secret-row">
        <input
          id={secretId}
          className="webhook-secret-value"
          readOnly
          value={webhook.secret}
          aria-describedby={noteId}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="webhook-status" role="status">
        {copied === 'copied' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the secret and copy it yourself.' : ''}
      </p>
    </div>
  );
}
