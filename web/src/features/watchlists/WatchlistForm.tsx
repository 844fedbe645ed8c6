import { useId, useState, type FormEvent } from 'react';
import { WATCHLIST_LIMITS } from '@ust/schemas/constants';

export interface WatchlistFields {
  name: string;
  notes: string;
}

/**
 * A list's name and notes: the create form, and the edit form of a list (which starts from its
 * values). `submitLabel` names the button; the caller says what failed.
 */
export function WatchlistForm({
  initial = { name: '', notes: '' },
  submitLabel,
  busy,
  label,
  onSubmit,
  onCancel,
}: {
  initial?: WatchlistFields;
  submitLabel: string;
  busy: boolean;
  /** The form's accessible name. */
  label: string;
  onSubmit: (fields: WatchlistFields) => void;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const ids = { name: useId(), notes: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ name: fields.name.trim(), notes: fields.notes });
  }

  return (
    <form className="watchlist-form" aria-label={label} onSubmit={submit}>
      <div className="watchlist-field">
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          value={fields.name}
          required
          maxLength={WATCHLIST_LIMITS.nameLength}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
      </div>
      <div className="watchlist-field watchlist-field-notes">
        <label htmlFor={ids.notes}>Notes</label>
        <textarea
          id={ids.notes}
          rows={2}
          value={fields.notes}
          maxLength={WATCHLIST_LIMITS.notesLength}
          onChange={(event) => setFields({ ...fields, notes: event.target.value })}
        />
      </div>
      <div className="watchlist-form-actions">
        <button type="submit" className="button button-primary" disabled={busy || fields.name.trim() === ''}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
