import { redirect } from 'react-router';
import { safeNextPath, withNext } from '../../lib/account/next-path';
import { providerLabel, oauthHref } from '../../lib/account/oauth';
import { problemFromQuery, type Problem } from '../../lib/account/problem';
import { problemOf } from '../../lib/account/problem.server';
import { finishSignIn } from '../../lib/account/sign-in.server';
import { siteOrigin } from '../../lib/account/site-origin.server';
import { accountState } from '../../lib/account/state.server';
import { openReplacingAnonymous } from '../../lib/account/replace-anonymous.server';
import { Visitor } from '../../lib/account/visitor.server';
import { siteEnv } from '../../lib/env.server';
import { routeMessages } from '../../lib/i18n.server';
import { staticPaths } from '../../lib/urls';
import { SECOND_FACTORS } from '../../lib/account/second-factor';
import { SIGNIN_NOTICES, type SigninData, type SigninNotice } from './types';

/**
 * `/signin`: finishes a magic link or OAuth2 token sign-in (`?userId&secret`), sends a signed-in
 * visitor on to `next`, shows the second-factor step to a sign-in that needs one, else the forms.
 */
export async function signinLoader(request: Request) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const visitor = new Visitor(request);
  let problem: Problem | null = problemFromQuery(url.searchParams.get('error'));

  const userId = url.searchParams.get('userId');
  const secret = url.searchParams.get('secret');
  if (userId && secret) {
    // A visitor who is already signed in (or half-way) just goes on; an anonymous session is replaced.
    const opened = await openReplacingAnonymous(visitor, () => visitor.send('POST', '/account/sessions/token', { userId, secret })).then(
      (outcome) => outcome === 'opened',
      (error: unknown) => {
        problem = problemOf(error);
        return false;
      },
    );
    if (opened) throw await finishSignIn(visitor, next, 'email');
  }

  const state = await accountState(visitor);
  if (state.status === 'signedIn') throw redirect(next);

  const noticeParam = url.searchParams.get('notice');
  const notice = (SIGNIN_NOTICES as readonly string[]).includes(noticeParam ?? '') ? (noticeParam as SigninNotice) : null;
  const common = { messages: routeMessages(request, 'account'), next, notice, problem };

  if (state.status === 'secondFactor') {
    const available = await visitor.account.listMfaFactors();
    const used = url.searchParams.get('used');
    const factors = SECOND_FACTORS.filter((factor) => factor !== used && (factor === 'recoverycode' ? available.recoveryCode : available[factor]));
    const asked = url.searchParams.get('factor');
    const factor = factors.find((candidate) => candidate === asked) ?? factors[0] ?? null;
    return { ...common, step: 'secondFactor', factors, factor } satisfies SigninData as SigninData;
  }

  const env = siteEnv();
  const origin = siteOrigin(request);
  const providers = env.oauthProviders.map((provider) => ({
    provider,
    label: providerLabel(provider),
    href: oauthHref(provider, { projectId: env.projectId, origin, returnTo: withNext(staticPaths.signin, next, { used: 'email' }) }),
  }));
  return { ...common, step: 'credentials', providers, email: (url.searchParams.get('email') ?? '').slice(0, 254) } satisfies SigninData as SigninData;
}

