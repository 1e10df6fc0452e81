import { data, redirect } from 'react-router';
import { field } from '../../lib/account/form-values';
import { withNext } from '../../lib/account/next-path';
import { accountState } from '../../lib/account/state.server';
import { Visitor } from '../../lib/account/visitor.server';
import { readForm } from '../../lib/form-body.server';
import { staticPaths } from '../../lib/urls';
import { detailsHandlers } from './actions/details.server';
import type { Handler } from './actions/outcome.server';
import { securityHandlers } from './actions/security.server';
import { sessionHandlers } from './actions/sessions.server';
import { subscriptionHandlers } from './actions/subscriptions.server';
import { teamHandlers } from './actions/teams.server';
import { PROFILE_INTENTS, type ProfileIntent, type ProfileResult } from './types';

const handlers: Partial<Record<ProfileIntent, Handler>> = { ...detailsHandlers, ...securityHandlers, ...sessionHandlers, ...teamHandlers, ...subscriptionHandlers };

/** Every form of `/activeUserProfile`, told apart by `intent`; cookies the API set go along. */
export async function profileAction(request: Request) {
  const form = await readForm(request);
  const visitor = new Visitor(request);
  // A guest (or an ended session) posting here is sent to sign in, as the page itself would.
  if (!visitor.mayBeSignedIn) return redirect(withNext(staticPaths.signin, staticPaths.profile));
  const intent = field(form, 'intent');
  const handler = (PROFILE_INTENTS as readonly string[]).includes(intent) ? handlers[intent as ProfileIntent] : undefined;
  if (!handler) return data({ message: `Unknown form "${intent.slice(0, 40)}"` }, { status: 400 });
  const outcome = await handler({ request, visitor, form });
  if (outcome instanceof Response) return outcome;
  if (outcome.result.problem && outcome.status === 401 && !outcome.result.then) {
    // The session ended (elsewhere) or now needs a second factor: the sign-in page sorts it out.
    const state = await accountState(visitor);
    if (state.status !== 'signedIn') return redirect(withNext(staticPaths.signin, staticPaths.profile));
  }
  return data<ProfileResult>(outcome.result, { status: outcome.status, headers: visitor.responseHeaders() });
}
