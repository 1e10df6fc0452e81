import { ID } from 'appwrite';
import { data, redirect } from 'react-router';
import { codeField, emailProblem, field, passwordProblem, secretField } from '../../lib/account/form-values';
import { completeChallenge, isSecondFactor, startChallenge } from '../../lib/account/mfa-challenge.server';
import { safeNextPath, withNext } from '../../lib/account/next-path';
import { formProblem } from '../../lib/account/problem';
import { problemOf, statusOf } from '../../lib/account/problem.server';
import { finishSignIn } from '../../lib/account/sign-in.server';
import { accountState } from '../../lib/account/state.server';
import { siteOrigin } from '../../lib/account/site-origin.server';
import { openReplacingAnonymous } from '../../lib/account/replace-anonymous.server';
import { Visitor } from '../../lib/account/visitor.server';
import { readForm } from '../../lib/form-body.server';
import { staticPaths } from '../../lib/urls';
import type { SigninResult } from './types';

/** Every form of `/signin`, told apart by `intent`. Success redirects (with the session cookie). */
export async function signinAction(request: Request) {
  const form = await readForm(request);
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  const visitor = new Visitor(request);
  const intent = field(form, 'intent');
  const email = field(form, 'email').toLowerCase();

  const failed = (result: SigninResult, error?: unknown) => data<SigninResult>(result, { status: error === undefined ? 400 : statusOf(error) });
  /** A second sign-in while a real one is open is refused by the API: the visitor simply goes on. An anonymous session is replaced. */
  const signIn = (path: string, params: Record<string, unknown>) => openReplacingAnonymous(visitor, () => visitor.send('POST', path, params));

  switch (intent) {
    case 'password': {
      const password = secretField(form, 'password');
      const problem = emailProblem(email) ?? passwordProblem(password);
      if (problem) return failed({ intent, email, problem });
      try {
        if ((await signIn('/account/sessions/email', { email, password })) === 'alreadySignedIn') return redirect(next);
      } catch (error) {
        return failed({ intent, email, problem: problemOf(error) }, error);
      }
      return finishSignIn(visitor, next);
    }
    case 'magic': {
      const problem = emailProblem(email);
      if (problem) return failed({ intent, email, problem });
      try {
        const url = `${siteOrigin(request)}${withNext(staticPaths.signin, next)}`;
        await visitor.account.createMagicURLToken({ userId: ID.unique(), email, url });
        return data<SigninResult>({ intent, email, sent: true });
      } catch (error) {
        return failed({ intent, email, problem: problemOf(error) }, error);
      }
    }
    case 'code-send': {
      const problem = emailProblem(email);
      if (problem) return failed({ intent, email, problem });
      try {
        const token = await visitor.account.createEmailToken({ userId: ID.unique(), email });
        return data<SigninResult>({ intent, email, userId: token.userId, sent: true });
      } catch (error) {
        return failed({ intent, email, problem: problemOf(error) }, error);
      }
    }
    case 'code-verify': {
      const userId = field(form, 'userId');
      const code = codeField(form, 'code');
      if (!/^\d{6}$/.test(code)) return failed({ intent, email, userId, sent: true, problem: formProblem('form_code') });
      try {
        if ((await signIn('/account/sessions/token', { userId, secret: code })) === 'alreadySignedIn') return redirect(next);
      } catch (error) {
        return failed({ intent, email, userId, sent: true, problem: problemOf(error) }, error);
      }
      return finishSignIn(visitor, next, 'email');
    }
    case 'mfa-send': {
      const factor = field(form, 'factor');
      if (!isSecondFactor(factor)) break;
      const started = await startChallenge(visitor, factor);
      return 'problem' in started ? failed({ intent, factor, challengeId: '', problem: started.problem }, started.error) : data<SigninResult>({ intent, factor, challengeId: started.challengeId });
    }
    case 'mfa-verify': {
      const factor = field(form, 'factor');
      if (!isSecondFactor(factor)) break;
      const challengeId = field(form, 'challengeId');
      const outcome = await completeChallenge(visitor, factor, challengeId, codeField(form, 'code'));
      if ('problem' in outcome) return failed({ intent, factor, challengeId: outcome.challengeId, problem: outcome.problem }, outcome.error);
      // A factor the session already had does not count twice: another one is needed.
      if ((await accountState(visitor)).status === 'secondFactor') return failed({ intent, factor, challengeId: '', problem: formProblem('form_factor_used') });
      return finishSignIn(visitor, next);
    }
  }
  return data({ intent, email, problem: formProblem('form_required') } as SigninResult, { status: 400 });
}
