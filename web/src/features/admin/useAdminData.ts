import { useEffect, useEffectEvent } from 'react';
import { ApiError, useAdminActivitiesQuery, useAdminLogsQuery, useAdminSessionsQuery, useAdminUsersQuery, type AdminLogFilters } from '../../api';
import { logger } from '../../telemetry';

/**
 * docs/product.md section 8: a failed admin load is logged as ADMIN_PANEL 'Failed to load
 * admin data' (the API client has logged the call itself). Once per failure, not per failed
 * retry or poll: a server that stays down for a minute is one event, not twenty.
 */
export function useFailureLog(dataset: string, query: { isError: boolean; error: Error | null }): void {
  const report = useEffectEvent(() => {
    const { error } = query;
    logger.error('ADMIN_PANEL', 'Failed to load admin data', {
      dataset,
      message: error?.message,
      ...(error instanceof ApiError ? { status: error.status, code: error.code } : {}),
    });
  });
  useEffect(() => {
    if (query.isError) report();
  }, [query.isError]);
}

/** The four data sets the panel loads (docs/product.md section 2); the Analytics tab loads its own. */
export function useAdminData(logFilters: AdminLogFilters) {
  const logs = useAdminLogsQuery(logFilters);
  const activities = useAdminActivitiesQuery();
  const users = useAdminUsersQuery();
  const sessions = useAdminSessionsQuery();
  useFailureLog('logs', logs);
  useFailureLog('user-activities', activities);
  useFailureLog('users', users);
  useFailureLog('sessions', sessions);
  return { logs, activities, users, sessions };
}

export type AdminData = ReturnType<typeof useAdminData>;
