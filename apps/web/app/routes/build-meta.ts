import type { LoaderFunctionArgs } from 'react-router';
import { BUILD_STARTED_AT } from '../lib/build-info.server';

/** `/builds/meta/{buildId}.json`: known for the running build, 404 for any other. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params['buildFile'] !== `${__BUILD_ID__}.json`) return Response.json({ message: 'Unknown build' }, { status: 404 });
  return Response.json({ id: __BUILD_ID__, timestamp: BUILD_STARTED_AT }, { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } });
}
