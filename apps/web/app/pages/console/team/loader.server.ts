import { Query, Teams, type Models } from 'appwrite';
import { Visitor } from '../../../lib/account/visitor.server';
import { EDITORS_TEAM_ID, requireEditor } from '../../../lib/console/editor-access.server';
import { siteEnv } from '../../../lib/env.server';
import type { TeamMember, TeamPageData } from './types';

/** More editors than this is not a team any more; the list stops here. */
const MEMBERS_MAX = 100;

function memberOf(membership: Models.Membership, you: string): TeamMember {
  return {
    membershipId: membership.$id,
    userId: membership.userId,
    name: membership.userName,
    email: membership.userEmail,
    roles: membership.roles,
    confirmed: membership.confirm,
    invited: membership.invited,
    joined: membership.joined,
    isYou: membership.userId === you,
  };
}

/** Members first, then invitations waiting for an answer; each by name (or address). */
function byStatusThenName(a: TeamMember, b: TeamMember): number {
  if (a.confirmed !== b.confirmed) return a.confirmed ? -1 : 1;
  return (a.name || a.email).localeCompare(b.name || b.email);
}

/** `/…/team`: every member of `editors` and every open invitation; only owners get the controls. */
export async function teamLoader(request: Request): Promise<TeamPageData> {
  const editor = await requireEditor(request);
  const visitor = new Visitor(request);
  const { memberships } = await new Teams(visitor.client()).listMemberships({ teamId: EDITORS_TEAM_ID, queries: [Query.limit(MEMBERS_MAX)] });
  return {
    isOwner: editor.isOwner,
    members: memberships.map((membership) => memberOf(membership, editor.userId)).sort(byStatusThenName),
    languages: siteEnv().languages,
    language: visitor.language,
  };
}
