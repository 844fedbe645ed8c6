import { useMemo, useState } from 'react';
import type { ScreeningResult, ScreeningRun } from '@ust/schemas';
import { useScreeningRowsQuery } from '../../api';
import { formatCount } from '../../components/format';
import { Loading } from '../../components/Loading';
import { ResultFilters } from './ResultFilters';
import { ResultTable } from './ResultTable';
import { ScreeningDownloads } from './ScreeningDownloads';
import { WatchScreening } from './WatchScreening';
import { FILE_ORDER, NO_FILTER, filterRows, nextSort, pageOf, sortRows, statesOf, type ScreeningRowFilter, type ScreeningSort } from './screening-rows';

/** A done screening: its counts, downloads, a watchlist of its matches, and its rows filtered, sorted and paged in memory. */
export function ScreeningResults({ run }: { run: ScreeningRun }) {
  const rows = useScreeningRowsQuery(run);
  if (rows.isPending) return <Loading text="Loading the results..." />;
  if (rows.isError) {
    return (
      <p className="screening-error" role="alert">
        The results could not be loaded: {rows.error.message}
      </p>
    );
  }
  return <Results result={rows.data} />;
}

function Results({ result }: { result: ScreeningResult }) {
  const { screening, rows, pricing_note: pricingNote } = result;
  const [filter, setFilter] = useState<ScreeningRowFilter>(NO_FILTER);
  const [sort, setSort] = useState<ScreeningSort>(FILE_ORDER);
  const [page, setPage] = useState(0);
  const states = useMemo(() => statesOf(rows), [rows]);
  const shown = useMemo(() => sortRows(filterRows(rows, filter), sort), [rows, filter, sort]);
  const current = pageOf(shown, page);
  // Any change of what is shown starts again at its first page.
  const changeFilter = (next: ScreeningRowFilter) => {
    setFilter(next);
    setPage(0);
  };
  const changeSort = (next: ScreeningSort) => {
    setSort(next);
    setPage(0);
  };

  return (
    <>
      <section className="card screening-outcomes" aria-labelledby="screening-outcomes-title">
        <h2 id="screening-outcomes-title">Result</h2>
        <dl className="screening-counts">
          <Count label="Rows" value={screening.rows_total} />
          <Count label="Matched" value={screening.matched} />
          <Count label="Screened" value={screening.screened} />
          <Count label="Not located" value={screening.not_located} />
        </dl>
        {screening.not_located > 0 && (
          <p>
            <button type="button" className="screening-link-button" onClick={() => changeFilter({ ...NO_FILTER, outcome: 'not_located' })}>
              Show the {formatCount(screening.not_located)} rows not located, with their reasons
            </button>
          </p>
        )}
        <ScreeningDownloads id={screening.id} />
        {screening.matched > 0 && <WatchScreening id={screening.id} />}
      </section>
      <section className="card screening-rows" aria-labelledby="screening-rows-title">
        <h2 id="screening-rows-title">Locations</h2>
        <ResultFilters filter={filter} states={states} onChange={changeFilter} />
        <p className="screening-pricing-note" data-testid="pricing-note">
          <span className="badge screening-indicative">Indicative</span> {pricingNote}
        </p>
        <p className="screening-shown" role="status">
          {shown.length === rows.length
            ? `${formatCount(rows.length)} rows`
            : `${formatCount(shown.length)} of ${formatCount(rows.length)} rows match the filters`}
          {shown.length > 0 && current.pages > 1 && ` · showing ${formatCount(current.first)}–${formatCount(current.last)}`}
        </p>
        {shown.length > 0 ? (
          <ResultTable rows={current.rows} sort={sort} onSort={(key) => changeSort(nextSort(sort, key))} />
        ) : (
          <p className="muted">No row matches the filters.</p>
        )}
        {current.pages > 1 && (
          <nav className="screening-pager" aria-label="Result pages">
            <button type="button" className="button button-secondary" onClick={() => setPage(current.page - 1)} disabled={current.page === 0}>
              Previous
            </button>
            <span>
              Page {current.page + 1} of {current.pages}
            </span>
            <button type="button" className="button button-secondary" onClick={() => setPage(current.page + 1)} disabled={current.page >= current.pages - 1}>
              Next
            </button>
          </nav>
        )}
      </section>
    </>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}
