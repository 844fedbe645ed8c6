import { useId, useState } from 'react';
import { useWatchItemMutation, useWatchlistsQuery } from '../../api';
import { formatMiles } from '../../components/format';
import './watchlists.css';

/** The radii a searched place can be watched within, in miles; the first is the default. */
export const PLACE_RADII = [0.25, 0.5, 1] as const;

/**
 * "Watch this place" for a searched address: a place item (the address as its label, the
 * geocoded point, the radius chosen) in the user's first list, or in a new "My watchlist".
 */
export function WatchPlace({ label, latitude, longitude }: { label: string; latitude: number; longitude: number }) {
  const lists = useWatchlistsQuery();
  const watch = useWatchItemMutation();
  const [radius, setRadius] = useState<number>(PLACE_RADII[0]);
  const radiusId = useId();
  const target = lists.data?.watchlists[0] ?? null;
  const failure = watch.error ?? lists.error;

  return (
    <div className="watch-place watch-control">
      <label htmlFor={radiusId}>Radius</label>
      <select id={radiusId} value={radius} onChange={(event) => setRadius(Number(event.target.value))} disabled={watch.isPending}>
        {PLACE_RADII.map((miles) => (
          <option key={miles} value={miles}>
            {miles === 1 ? '1 mile' : `${miles} miles`}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary"
        disabled={lists.isPending || watch.isPending}
        onClick={() => watch.mutate({ watchlistId: target?.id ?? null, item: { kind: 'place', label, latitude, longitude, radius_miles: radius } })}
      >
        Watch this place
      </button>
      <span className="watch-status" role="status">
        {watch.isSuccess && `Watching within ${formatMiles(watch.data.radius_miles ?? radius)} of ${watch.data.label}${target ? ` in “${target.name}”` : ''}`}
      </span>
      {failure && (
        <span className="watch-error" role="alert">
          {failure.message}
        </span>
      )}
    </div>
  );
}
