import { BUILD_STARTED_AT } from '../lib/build-info.server';

export function loader() {
  return Response.json({ id: __BUILD_ID__, timestamp: BUILD_STARTED_AT }, { headers: { 'Cache-Control': 'no-store' } });
}
