import { data, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import type { UnmatchedPathData } from '../../components/not-found-page';
import { decodeSafely } from '../not-found.server';
import { consoleAction, consolePage, NO_CONSOLE_ACTION } from './console-page.server';
import { EDITOR_HEADERS } from './editor-headers';

/** React Router's id for routes/not-found.tsx, the one route with an action for such addresses. */
const NOT_FOUND_ROUTE_ID = 'routes/not-found';

/**
 * What an address no route serves answers (routes/not-found.tsx, and routes/area-pages.tsx for a
 * segment no URL pattern reads): an editor at a console address gets that console page; every
 * other visitor and address the non-fatal 404 (seed §2), the same whatever the address.
 */
export async function unmatchedPathLoader(request: Request) {
  const page = await consolePage(request);
  if (page) return data<UnmatchedPathData>({ found: page }, { headers: EDITOR_HEADERS });
  return data<UnmatchedPathData>({ path: decodeSafely(new URL(request.url).pathname) }, { status: 404 });
}

/**
 * A form posted to such an address: an editor's goes to the console page's action; any other gets
 * what React Router answers for a route without an action (405), word for word.
 */
export async function unmatchedPathAction(request: Request): Promise<unknown> {
  const answer = await consoleAction(request);
  if (answer !== NO_CONSOLE_ACTION) return answer;
  const { pathname } = new URL(request.url);
  const message = `You made a ${request.method.toUpperCase()} request to "${pathname}" but did not provide an \`action\` for route "${NOT_FOUND_ROUTE_ID}", so there is no way to handle the request.`;
  throw new ErrorResponseImpl(405, 'Method Not Allowed', new Error(message), true);
}
