import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reportGlobalError } from './report-global-error';
import { UnexpectedError } from './UnexpectedError';

/** The router's error element: unmatched routes and errors thrown while rendering a route. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportGlobalError(error, 'router'), [error]);
  return <UnexpectedError notFound={isRouteErrorResponse(error) && error.status === 404} />;
}

/** The catch-all route's loader: an unknown path is a 404 for the error element above. */
export function notFoundLoader(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}
