/**
 * /watchlists (docs/decisions/0119-watchlists.md): the user's own lists of watched facilities
 * and places. Create, rename, edit notes and delete a list; show a list's items, remove one,
 * open a facility's details, and export the list as CSV. The list shown is in the address
 * (`?list=`), so a reload keeps it.
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCreateWatchlistMutation, useWatchlistsQuery } from '../../api';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn } from '../auth';
import { useDetailDialogs } from '../detail-dialogs/useDetailDialogs';
import { WatchlistCard } from './WatchlistCard';
import { WatchlistForm } from './WatchlistForm';
import { WatchlistItems } from './WatchlistItems';
import './watchlists.css';

export function WatchlistsPage() {
  return (
    <RequireSignIn prompt="Please log in to access your watchlists.">
      <Watchlists />
    </RequireSignIn>
  );
}

function Watchlists() {
  const lists = useWatchlistsQuery();
  const create = useCreateWatchlistMutation();
  const [params, setParams] = useSearchParams();
  const { openFacility, dialogs } = useDetailDialogs();
  const listsId = useId();
  const createId = useId();

  const watchlists = lists.data?.watchlists ?? [];
  // The list asked for, else the first: a deleted list's address falls back to another.
  const shown = watchlists.find((list) => list.id === params.get('list')) ?? watchlists[0] ?? null;
  const show = (id: string) => setParams({ list: id }, { replace: true });

  return (
    <Page title="Watchlists" lead="Facilities and places you watch, in lists of your own. Only you can see them.">
      <section className="card watchlist-create" aria-labelledby={createId}>
        <h2 id={createId}>New watchlist</h2>
        <WatchlistForm
          // A new, empty form once a list is created.
          key={create.data?.id ?? 'new'}
          label="New watchlist"
          submitLabel="Create watchlist"
          busy={create.isPending}
          onSubmit={(fields) => create.mutate(fields, { onSuccess: (created) => show(created.id) })}
        />
        {create.isError && (
          <p className="watch-error" role="alert">
            {create.error.message}
          </p>
        )}
      </section>

      <section className="watchlists" aria-labelledby={listsId}>
        <h2 id={listsId}>Your watchlists</h2>
        {lists.isPending && <Loading text="Loading your watchlists..." />}
        {lists.isError && (
          <p className="watch-error" role="alert">
            Your watchlists could not be loaded: {lists.error.message}
          </p>
        )}
        {lists.data && watchlists.length === 0 && <p className="muted">You have no watchlists yet.</p>}
        {watchlists.length > 0 && (
          <ul className="watchlist-cards">
            {watchlists.map((list) => (
              <WatchlistCard key={list.id} list={list} selected={list.id === shown?.id} onShow={() => show(list.id)} />
            ))}
          </ul>
        )}
      </section>

      {shown && <WatchlistItems key={shown.id} id={shown.id} onOpenFacility={openFacility} />}
      {dialogs}
    </Page>
  );
}
