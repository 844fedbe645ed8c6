import { useRouteError } from 'react-router-dom';

/** Unmatched routes and render errors land here (SPEC.md: router fallback). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
    </div>
  );
}
