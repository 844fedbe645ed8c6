/** The spec's loading texts ('Loading...', 'Loading dashboard...', ...), announced to screen readers. */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
