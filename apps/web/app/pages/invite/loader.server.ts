import { Teams } from 'appwrite';
import { redirect } from 'react-router';
import { withNext } from '../../lib/account/next-path';
import { accountState } from '../../lib/account/state.server';
import { errorType, Visitor } from '../../lib/account/visitor.server';
import { EDITORS_TEAM_ID } from '../../lib/console/editor-access.server';
import { CONSOLE_PATH } from '../../lib/console/paths';
import { siteEnv } from '../../lib/env.server';
import { routeMessages } from '../../lib/i18n.server';
import { staticPaths } from '../../lib/urls';
import { inviteLinkOf, TEAM_NAME_MAX } from './invite-link';
import type { InviteData, InviteViewer } from './types';

/** The team by id when the visitor is a member of it; null when the API says it does not know it (for them). */
async function teamOfMember(visitor: Visitor, teamId: string) {
  try {
    return await new Teams(visitor.client()).get({ teamId });
  } catch (error) {
    if (errorType(error) === 'team_not_found') return null;
    throw error;
  }
}

/**
 * `/invite`: an invitation from its mailed link (`?teamId&teamName&membershipId&userId&secret`),
 * the welcome once accepted (`?joined=teamId`, offering a password to accounts the invitation
 * made), or the note that it was declined (`?declined=teamName`).
 */
export async function inviteLoader(request: Request): Promise<InviteData> {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const visitor = new Visitor(request);
  const state = await accountState(visitor);
  if (state.status === 'secondFactor') throw redirect(withNext(staticPaths.signin, here));
  const common = { messages: routeMessages(request, 'account', 'team'), siteName: siteEnv().siteName };

  const joined = url.searchParams.get('joined');
  if (joined !== null) {
    if (state.status !== 'signedIn') throw redirect(withNext(staticPaths.signin, here));
    const team = await teamOfMember(visitor, joined);
    if (!team) return { ...common, stage: 'invalid' };
    const isEditors = team.$id === EDITORS_TEAM_ID;
    return { ...common, stage: 'joined', team: { id: team.$id, name: team.name }, isEditors, consolePath: isEditors ? CONSOLE_PATH : null, needsPassword: state.user.passwordUpdate === '' };
  }

  const declined = url.searchParams.get('declined');
  if (declined !== null) return { ...common, stage: 'declined', teamName: declined.slice(0, TEAM_NAME_MAX) };

  const link = inviteLinkOf(url.searchParams);
  if (!link) return { ...common, stage: 'invalid' };
  let viewer: InviteViewer = { status: 'signedOut' };
  if (state.status === 'signedIn') {
    const who = state.user.name || state.user.email;
    viewer = state.user.$id === link.userId ? { status: 'invitee', who } : { status: 'someoneElse', who };
  }
  return { ...common, stage: 'invited', teamId: link.teamId, teamName: link.teamName, isEditors: link.teamId === EDITORS_TEAM_ID, viewer };
}
