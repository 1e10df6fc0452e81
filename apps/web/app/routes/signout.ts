import { redirect, type ActionFunctionArgs } from 'react-router';
import { assertSameOrigin } from '../lib/account/same-origin.server';
import { expiredSessionCookie } from '../lib/account/session-cookie';
import { Visitor } from '../lib/account/visitor.server';
import { siteEnv } from '../lib/env.server';
import { staticPaths } from '../lib/urls';

/** `/signout` (POST): ends this browser's session, also when only half signed in (MFA pending). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const visitor = new Visitor(request);
  if (visitor.mayBeSignedIn) {
    try {
      await visitor.send('DELETE', '/account/sessions/current');
    } catch (error) {
      // The session may already be gone; the cookie goes anyway.
      console.warn('[web] sign-out: the API did not end the session:', error instanceof Error ? error.message : error);
      visitor.keepCookies([expiredSessionCookie(siteEnv().projectId)]);
    }
  }
  return redirect(`${staticPaths.signin}?notice=signedOut`, { headers: visitor.responseHeaders() });
}

export function loader() {
  return redirect(staticPaths.home);
}
