import { redirect } from 'react-router';
import { safeNextPath, withNext } from '../../lib/account/next-path';
import { problemOf } from '../../lib/account/problem.server';
import { accountState } from '../../lib/account/state.server';
import { Visitor } from '../../lib/account/visitor.server';
import { routeMessages } from '../../lib/i18n.server';
import { staticPaths } from '../../lib/urls';
import type { VerifyData } from './types';

/**
 * `/verify`: opened from the mail (`?userId&secret`) it confirms the address and redirects to
 * `?result=…`, so reloading the page does not spend the link again; otherwise it shows the
 * signed-in visitor's state and offers another mail.
 */
export async function verifyLoader(request: Request): Promise<VerifyData> {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const visitor = new Visitor(request);
  const userId = url.searchParams.get('userId');
  const secret = url.searchParams.get('secret');
  if (userId && secret) {
    try {
      await visitor.account.updateVerification({ userId, secret });
      throw redirect(withNext(staticPaths.verify, next, { result: 'verified' }));
    } catch (error) {
      if (error instanceof Response) throw error;
      const problem = problemOf(error);
      throw redirect(withNext(staticPaths.verify, next, { result: 'failed', reason: problem.type }));
    }
  }
  const result = url.searchParams.get('result');
  const reason = (url.searchParams.get('reason') ?? 'general_unknown').slice(0, 64);
  const state = await accountState(visitor);
  if (state.status === 'secondFactor') throw redirect(withNext(staticPaths.signin, `${url.pathname}${url.search}`));
  return {
    messages: routeMessages(request, 'account'),
    next,
    outcome: result === 'verified' ? { verified: true } : result === 'failed' ? { verified: false, problem: { type: reason, message: '' } } : null,
    justSent: url.searchParams.get('sent') === '1',
    account: state.status === 'signedIn' ? { status: 'signedIn', email: state.user.email, verified: state.user.emailVerification } : { status: 'signedOut' },
  };
}
