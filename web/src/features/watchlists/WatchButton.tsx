import { useId, useState } from 'react';
import { useFacilityWatchQuery, useUnwatchMutation, useWatchItemMutation, type FacilitiesWatch, type WatchedItemRef, type WatchingQuery } from '../../api';
import './watchlists.css';

/** The facility dialog's Watch button: it asks for its one facility's watch state. */
export function WatchButton({ facilityId, describedBy }: { facilityId: string; describedBy?: string }) {
  const watchState = useFacilityWatchQuery(facilityId);
  return <WatchToggle facilityId={facilityId} describedBy={describedBy} watchState={watchState} />;
}

/** The lists that hold the facility, each with the item to remove from it. */
function listsHolding({ watchlists, watching }: FacilitiesWatch, facilityId: string): (WatchedItemRef & { name: string })[] {
  return watching.flatMap((held) => {
    const list = watchlists.find((each) => each.id === held.watchlist_id);
    return held.facility_id === facilityId && list ? [{ watchlistId: list.id, itemId: held.item_id, name: list.name }] : [];
  });
}

/**
 * Watch a facility (the facility dialog and the search card): "Watch" adds it to the user's list,
 * creating "My watchlist" when there is none, or to the list chosen when there are several;
 * "Watching" (pressed) takes it out of every list that holds it. `watchState` is the watch state of a
 * set of facilities including this one, so the cards of a search share one query; `describedBy`
 * names the facility.
 */
export function WatchToggle({ facilityId, describedBy, watchState }: { facilityId: string; describedBy?: string; watchState: WatchingQuery }) {
  const watch = useWatchItemMutation();
  const unwatch = useUnwatchMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();

  const watchlists = watchState.data?.watchlists ?? [];
  const holding = watchState.data ? listsHolding(watchState.data, facilityId) : [];
  const watching = holding.length > 0;
  const target = watchlists.find((list) => list.id === chosen) ?? watchlists[0] ?? null;
  const busy = watchState.isPending || watch.isPending || unwatch.isPending;

  function toggle() {
    if (watching) unwatch.mutate(holding);
    else watch.mutate({ watchlistId: target?.id ?? null, item: { kind: 'facility', facility_id: facilityId } });
  }

  const failure = watch.error ?? unwatch.error ?? watchState.error;
  let status = '';
  if (watching) status = `In ${holding.map((list) => `“${list.name}”`).join(', ')}`;
  else if (unwatch.isSuccess) status = 'No longer watched';

  return (
    <span className="watch-control">
      {!watching && watchlists.length > 1 && (
        <span className="watch-list-choice">
          <label htmlFor={selectId} className="visually-hidden">
            Watchlist to add to
          </label>
          <select id={selectId} value={target?.id ?? ''} onChange={(event) => setChosen(event.target.value)} disabled={busy}>
            {watchlists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </span>
      )}
      <button
        type="button"
        className={`button ${watching ? 'button-primary' : 'button-secondary'}`}
        aria-pressed={watching}
        aria-describedby={describedBy}
        disabled={busy || watchState.isError}
        onClick={toggle}
      >
        {watching ? 'Watching' : 'Watch'}
      </button>
      <span className="watch-status" role="status">
        {status}
      </span>
      {failure && (
        <span className="watch-error" role="alert">
          {failure.message}
        </span>
      )}
    </span>
  );
}
