import { redirect } from 'react-router';
import { siteEnv } from '../env.server';
import { languageCookie } from '../i18n.server';
import { staticPaths } from '../urls';
import { withNext } from './next-path';
import type { SecondFactor } from './second-factor';
import { accountState } from './state.server';
import type { Visitor } from './visitor.server';

/**
 * After a session was created: on to the second factor when the account asks for one, else to
 * `next` in the language the account prefers. The session cookie goes along with the redirect.
 * `used`: the factor the session already has (a mailed link or code proves the e-mail), which a
 * second step cannot count again, so the step does not offer it.
 */
export async function finishSignIn(visitor: Visitor, next: string, used?: SecondFactor): Promise<Response> {
  const state = await accountState(visitor);
  if (state.status === 'secondFactor') return redirect(withNext(staticPaths.signin, next, used ? { used } : {}), { headers: visitor.responseHeaders() });
  if (state.status === 'signedIn') {
    const language = (state.user.prefs as Record<string, unknown>)['language'];
    if (typeof language === 'string' && language !== visitor.language && siteEnv().languages.includes(language)) visitor.keepCookies([languageCookie(language)]);
  }
  return redirect(next, { headers: visitor.responseHeaders() });
}
