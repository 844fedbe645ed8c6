import { useId, useState } from 'react';
import type { WatchlistSummary } from '@ust/schemas';
import { useDeleteWatchlistMutation, useUpdateWatchlistMutation } from '../../api';
import { formatCount } from '../../components/format';
import { WatchlistForm } from './WatchlistForm';

/** How much a list watches, e.g. '3 facilities, 1 place'. */
export function watchedCounts({ facilities, places }: Pick<WatchlistSummary, 'facilities' | 'places'>): string {
  return `${formatCount(facilities)} ${facilities === 1 ? 'facility' : 'facilities'}, ${formatCount(places)} ${places === 1 ? 'place' : 'places'}`;
}

/** One list of the user's: its name, counts and notes; show its items, edit it, or delete it after a confirmation. */
export function WatchlistCard({ list, selected, onShow }: { list: WatchlistSummary; selected: boolean; onShow: () => void }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const update = useUpdateWatchlistMutation();
  const remove = useDeleteWatchlistMutation();
  const nameId = useId();
  const failure = update.error ?? remove.error;

  return (
    <li className={`card watchlist-card${selected ? ' watchlist-card-selected' : ''}`} aria-labelledby={nameId} data-watchlist-id={list.id}>
      <h3 id={nameId} className="watchlist-name">
        {list.name}
      </h3>
      <p className="watchlist-counts">{watchedCounts(list)}</p>
      {list.notes && <p className="watchlist-notes">{list.notes}</p>}
      {mode === 'edit' ? (
        <WatchlistForm
          label={`Edit ${list.name}`}
          initial={{ name: list.name, notes: list.notes }}
          submitLabel="Save changes"
          busy={update.isPending}
          onSubmit={(change) => update.mutate({ id: list.id, change }, { onSuccess: () => setMode('view') })}
          onCancel={() => setMode('view')}
        />
      ) : mode === 'confirm-delete' ? (
        <div className="watchlist-confirm" role="group" aria-label={`Delete ${list.name}?`}>
          <p>
            Delete “{list.name}” and the {watchedCounts(list)} it watches? This cannot be undone.
          </p>
          <button type="button" className="button button-danger" disabled={remove.isPending} onClick={() => remove.mutate(list.id)}>
            Delete watchlist
          </button>
          <button type="button" className="button button-secondary" onClick={() => setMode('view')}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="watchlist-actions">
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId} aria-pressed={selected} onClick={onShow}>
            Show items
          </button>
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId} onClick={() => setMode('edit')}>
            Rename or edit notes
          </button>
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId} onClick={() => setMode('confirm-delete')}>
            Delete
          </button>
        </div>
      )}
      {failure && (
        <p className="watch-error" role="alert">
          {failure.message}
        </p>
      )}
    </li>
  );
}
