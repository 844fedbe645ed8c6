import { Link } from 'react-router-dom';
import { useWatchScreeningMutation } from '../../api';
import { formatCount } from '../../components/format';

/** A done screening's matched facilities as a new watchlist (POST /api/screenings/{id}/watch). */
export function WatchScreening({ id }: { id: string }) {
  const watch = useWatchScreeningMutation();
  const list = watch.data;
  return (
    <div className="screening-watch">
      <button type="button" className="button button-secondary" disabled={watch.isPending || list !== undefined} onClick={() => watch.mutate({ id })}>
        {watch.isPending ? 'Creating the watchlist...' : 'Watch matched facilities'}
      </button>
      <span role="status">
        {list && (
          <>
            Watching {formatCount(list.facilities)} {list.facilities === 1 ? 'facility' : 'facilities'} in “{list.name}”.{' '}
            <Link to={`/watchlists?list=${encodeURIComponent(list.id)}`}>Open your watchlists</Link>
          </>
        )}
      </span>
      {watch.isError && (
        <span className="screening-error" role="alert">
          {watch.error.message}
        </span>
      )}
    </div>
  );
}
