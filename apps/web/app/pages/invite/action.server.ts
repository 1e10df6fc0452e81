import { Teams } from 'appwrite';
import { data, redirect } from 'react-router';
import { field, passwordProblem, secretField } from '../../lib/account/form-values';
import { formProblem } from '../../lib/account/problem';
import { problemOf, statusOf } from '../../lib/account/problem.server';
import { expiredSessionCookie } from '../../lib/account/session-cookie';
import { finishSignIn } from '../../lib/account/sign-in.server';
import { accountState } from '../../lib/account/state.server';
import { errorType, Visitor } from '../../lib/account/visitor.server';
import { EDITORS_TEAM_ID } from '../../lib/console/editor-access.server';
import { CONSOLE_PATH } from '../../lib/console/paths';
import { siteEnv } from '../../lib/env.server';
import { readForm } from '../../lib/form-body.server';
import { declinedPath, inviteLinkOf, joinedPath, type InviteLink } from './invite-link';
import type { InviteIntent, InviteResult } from './types';

const failed = (intent: InviteIntent, error: unknown) => data<InviteResult>({ intent, problem: problemOf(error) }, { status: statusOf(error) });

/**
 * Accepting needs no session: the link's secret proves the mail was read. A visitor who was not
 * signed in gets a session for the invitee from the API, passed on like a sign-in's.
 */
async function accept(visitor: Visitor, link: InviteLink) {
  const path = `/teams/${encodeURIComponent(link.teamId)}/memberships/${encodeURIComponent(link.membershipId)}/status`;
  try {
    await visitor.send('PATCH', path, { userId: link.userId, secret: link.secret });
  } catch (error) {
    // The API says so only to the holder of a valid link: a member of `editors` may have the console's address.
    if (errorType(error) === 'membership_already_confirmed' && link.teamId === EDITORS_TEAM_ID) {
      return data<InviteResult>({ intent: 'accept', problem: problemOf(error), onward: CONSOLE_PATH }, { status: statusOf(error) });
    }
    return failed('accept', error);
  }
  return finishSignIn(visitor, joinedPath(link.teamId));
}

/** The API lets only the invitee (or an owner) withdraw a membership, so declining needs a session. */
async function decline(visitor: Visitor, link: InviteLink) {
  if ((await accountState(visitor)).status !== 'signedIn') return data<InviteResult>({ intent: 'decline', signInFirst: true }, { status: 401 });
  try {
    await new Teams(visitor.client()).deleteMembership({ teamId: link.teamId, membershipId: link.membershipId });
  } catch (error) {
    return failed('decline', error);
  }
  return redirect(declinedPath(link.teamName));
}

/** Ends the session of somebody else, then shows the invitation again (to accept it as its invitee). */
async function signOutAndContinue(visitor: Visitor, here: string) {
  try {
    await visitor.send('DELETE', '/account/sessions/current');
  } catch {
    // The session may have ended already; the cookie goes anyway.
    visitor.keepCookies([expiredSessionCookie(siteEnv().projectId)]);
  }
  return redirect(here, { headers: visitor.responseHeaders() });
}

/** A first password for an account the invitation made (it has none to confirm with). */
async function choosePassword(visitor: Visitor, form: FormData) {
  const password = secretField(form, 'password');
  const issue = passwordProblem(password);
  if (issue) return data<InviteResult>({ intent: 'password', problem: issue, field: 'password' }, { status: 400 });
  try {
    await visitor.account.updatePassword({ password });
  } catch (error) {
    return failed('password', error);
  }
  return data<InviteResult>({ intent: 'password', saved: true });
}

/** The forms of `/invite`, told apart by `intent`; the invitation itself is read from the address. */
export async function inviteAction(request: Request) {
  const form = await readForm(request);
  const url = new URL(request.url);
  const visitor = new Visitor(request);
  const intent = field(form, 'intent');
  if (intent === 'password') return choosePassword(visitor, form);
  if (intent === 'signout') return signOutAndContinue(visitor, `${url.pathname}${url.search}`);
  const link = inviteLinkOf(url.searchParams);
  if (!link) return data<InviteResult>({ intent: 'accept', problem: formProblem('form_required') }, { status: 400 });
  if (intent === 'accept') return accept(visitor, link);
  if (intent === 'decline') return decline(visitor, link);
  return data({ message: `Unknown form "${intent.slice(0, 40)}"` }, { status: 400 });
}
