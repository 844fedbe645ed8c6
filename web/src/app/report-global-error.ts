import { isRouteErrorResponse } from 'react-router-dom';
import { logger } from '../telemetry';
import { messageOf } from '../telemetry/client-logger';

/** Errors React catches never reach window.onerror, so the boundaries report them here. */
export function reportGlobalError(error: unknown, source: 'router' | 'boundary'): void {
  const path = window.location.pathname;
  if (isRouteErrorResponse(error)) {
    logger.error('GLOBAL_ERROR', `${error.status} ${error.statusText || 'route error'}: ${path}`, { source, path, status: error.status });
    return;
  }
  logger.error('GLOBAL_ERROR', messageOf(error), { source, path, error });
}
