import { keepPreviousData } from '@tanstack/react-query';
import type { LogLevel } from '@ust/schemas';
import { useAuthedQuery } from '../authed-query';

/** docs/product.md section 9: the System Logs tab lists the 20 newest matching entries. */
export const ADMIN_LOGS_LIMIT = 20;

export interface AdminLogFilters {
  /** Undefined for every level ('All Levels'). */
  level: LogLevel | undefined;
  /** Case-insensitive substring of the message or the category; '' for none. */
  q: string;
}

/**
 * GET /api/admin/logs?limit=20&level=&q=: filtered on the server, so a filter finds entries
 * beyond the 20 the browser holds. Admin role only.
 */
export function useAdminLogsQuery({ level, q }: AdminLogFilters) {
  return useAuthedQuery({
    queryKey: ['admin', 'logs', level ?? 'ALL', q],
    queryFn: (api, { signal }) => api.call('GET /api/admin/logs', { query: { limit: ADMIN_LOGS_LIMIT, level, q: q || undefined }, signal }),
    select: (response) => response.logs,
    // The previous filter's list stays up while the next loads, rather than a loading flash per keystroke.
    placeholderData: keepPreviousData,
    // A monitoring list: opening the panel always asks again.
    staleTime: 0,
  });
}
