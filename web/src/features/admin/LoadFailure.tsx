import { formatTimestamp } from '../../components/format';

/**
 * Says that a list could not be loaded. docs/product.md section 8 leaves the list empty (or,
 * after a failed reload, as it was); without this line an empty table would read as 'nothing
 * happened'.
 */
export function LoadFailure({ what, query }: { what: string; query: { isError: boolean; error: Error | null; dataUpdatedAt: number } }) {
  if (!query.isError) return null;
  const kept = query.dataUpdatedAt > 0 ? `Showing the list loaded at ${formatTimestamp(new Date(query.dataUpdatedAt).toISOString())}.` : 'The list is empty.';
  return (
    <p className="admin-failure" role="alert">
      Could not load {what}: {query.error?.message ?? 'unknown error'}. {kept}
    </p>
  );
}
