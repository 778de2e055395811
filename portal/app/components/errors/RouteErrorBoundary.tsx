import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from '@remix-run/react';
import { ErrorPageContent } from './ErrorPageContent.js';
import { NotFound } from './NotFound.js';

/**
 * Route-level boundary: 404 responses render the not-found page, anything else the crash page.
 * A Remix route boundary cannot be reset, so "Try again" re-navigates to the same location.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return <ErrorPageContent error={shown} tryAgain={() => navigate(location, { replace: true })} />;
}
