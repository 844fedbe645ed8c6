import type { AdminLogEntry } from '@ust/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { ADMIN_LOGS_LIMIT } from '../../api';
import { ExportButtons } from '../../components/ExportButtons';
import { Loading } from '../../components/Loading';
import { downloadLogs } from './export-logs';
import { LoadFailure } from './LoadFailure';
import { LogFilters, type LogFilterValues } from './LogFilters';
import { LogsTable } from './LogsTable';

/** System Logs (docs/product.md section 2): the filters, the newest matching entries, Export Logs. */
export function SystemLogsTab(props: {
  query: UseQueryResult<AdminLogEntry[]>;
  filters: LogFilterValues;
  onFiltersChange: (values: LogFilterValues) => void;
  /** False while the typed filter has not reached the server yet (the pause before it is sent). */
  filtersSettled: boolean;
}) {
  const { query, filters, onFiltersChange, filtersSettled } = props;
  if (query.isPending) return <Loading text="Loading admin data..." />;
  const logs = query.data ?? [];
  const filtered = filters.text.trim() !== '' || filters.level !== 'ALL';
  return (
    <>
      <LogFilters
        values={filters}
        onChange={onFiltersChange}
        onExport={() => downloadLogs(logs)}
        // Export what the filters ask for, never the previous filter's list still on screen.
        canExport={filtersSettled && query.isSuccess && !query.isPlaceholderData}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <ExportButtons
        label="Export the logs"
        options={[
          {
            label: 'Export all matching logs as CSV',
            download: {
              route: 'GET /api/admin/logs/export/csv',
              request: { query: { level: filters.level === 'ALL' ? undefined : filters.level, q: filters.text.trim() || undefined } },
              fallbackName: 'logs.csv',
            },
          },
        ]}
      />
      <LoadFailure what="the logs" query={query} />
      <div aria-busy={query.isFetching}>
        <LogsTable logs={logs} filtered={filtered} />
      </div>
      <p className="admin-footnote muted">
        The {ADMIN_LOGS_LIMIT} newest entries{filtered ? ' matching the filters' : ''}, from the browsers and the API.
      </p>
    </>
  );
}
