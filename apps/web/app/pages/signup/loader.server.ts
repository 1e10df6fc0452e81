import { redirect } from 'react-router';
import { safeNextPath, withNext } from '../../lib/account/next-path';
import { accountState } from '../../lib/account/state.server';
import { Visitor } from '../../lib/account/visitor.server';
import { routeMessages } from '../../lib/i18n.server';
import { staticPaths } from '../../lib/urls';
import type { SignupData } from './types';

export const nextOf = (request: Request) => safeNextPath(new URL(request.url).searchParams.get('next'));

/** `/signup`: the form; a visitor who is already signed in goes on to `next`. */
export async function signupLoader(request: Request): Promise<SignupData> {
  const next = nextOf(request);
  const state = await accountState(new Visitor(request));
  if (state.status === 'signedIn') throw redirect(next);
  if (state.status === 'secondFactor') throw redirect(withNext(staticPaths.signin, next));
  return { messages: routeMessages(request, 'account'), next };
}
