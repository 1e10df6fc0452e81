import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GeneralErrorBoundary } from '../error-page';
import { NotFoundPage } from '../not-found-page';

/** The path of a `consoleNotFound` answer (the ordinary non-fatal 404), or null for any other error. */
export function notFoundPath(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const data = error.data as { path?: unknown } | null;
  return typeof data?.path === 'string' ? data.path : null;
}

/** Console routes' boundary: to non-editors the console is the ordinary 404 page; real errors get the error page. */
export function ConsoleErrorBoundary() {
  const path = notFoundPath(useRouteError());
  return path === null ? <GeneralErrorBoundary /> : <NotFoundPage path={path} />;
}
