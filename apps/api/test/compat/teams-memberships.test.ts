// Team memberships through the official SDKs: listing (queries, search), reading, changing roles and
// removing members. Expectations follow Appwrite (app/controllers/api/teams.php at 1.6.2, the
// Teams module at HEAD, and tests/e2e/Services/Teams/TeamsBaseClient.php).
import { expect, it } from 'vitest';
import { messageCount } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import type { WireMembership } from './support/teams-api.ts';
import {
  addMember, createTeam, freshId, INVITE_PAGE, invitationTo, membershipIds, signUpTeamUser, teamsAs, totalOf, type TeamUser,
} from './support/teams.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const invalidArgument = { code: 400, type: 'general_argument_invalid' };
const unauthorized = { code: 401, type: 'user_unauthorized' };
const teamNotFound = { code: 404, type: 'team_not_found' };
const membershipNotFound = { code: 404, type: 'membership_not_found' };

/** A team with its owner, a confirmed plain member and a pending invitee (invited by e-mail). */
async function populatedTeam(context: CompatContext, label: string): Promise<{
  owner: TeamUser;
  teamId: string;
  ownerMembership: WireMembership;
  member: TeamUser & { membership: WireMembership };
  pending: WireMembership;
  pendingEmail: string;
}> {
  const owner = await signUpTeamUser(context, `${label}-owner`);
  const team = await createTeam(owner, `Team ${label}`, ['captain']);
  const [ownerMembership] = (await owner.teams.listMemberships(team.$id)).memberships;
  const member = await addMember(context, team.$id, `${label}-member`, ['player']);
  const pendingEmail = `${freshId(label)}@example.org`;
  const pending = await owner.teams.createMembership(team.$id, ['player'], pendingEmail, undefined, undefined, INVITE_PAGE, 'Pending Person');
  return { owner, teamId: team.$id, ownerMembership: ownerMembership!, member, pending, pendingEmail };
}

describeCompat('team memberships', (context) => {
  it('listMemberships: every member sees all memberships, pending ones too, with names, e-mails and the team name', async () => {
    const { owner, teamId, ownerMembership, member, pending, pendingEmail } = await populatedTeam(context, 'listing');
    const list = await owner.teams.listMemberships(teamId);
    expect(list.total).toBe(3);
    expect(list.memberships.map((membership) => membership.$id)).toEqual([ownerMembership.$id, member.membership.$id, pending.$id]);
    const [first, second, third] = list.memberships;
    expect(first).toMatchObject({ userId: owner.user.id, userName: owner.user.name, userEmail: owner.user.email, teamId, teamName: 'Team listing', roles: ['captain', 'owner'], confirm: true, mfa: false });
    expect(second).toMatchObject({ userId: member.user.id, userName: member.user.name, userEmail: member.user.email, roles: ['player'], confirm: true });
    expect(third).toMatchObject({ userName: 'Pending Person', userEmail: pendingEmail, roles: ['player'], confirm: false, joined: '' });
    for (const membership of list.memberships) {
      expect(membership.$createdAt).toMatch(APPWRITE_DATE);
      expect(membership.invited).toMatch(APPWRITE_DATE);
    }
    expect(second!.joined).toMatch(APPWRITE_DATE);
    expect(await member.teams.listMemberships(teamId)).toEqual(list);
  });

  it('listMemberships: a non-member and a pending invitee get 404 team_not_found', async () => {
    const { teamId, owner } = await populatedTeam(context, 'hidden');
    const outsider = await signUpTeamUser(context, 'hidden-out');
    await expectSdkError(context.sdk, () => outsider.teams.listMemberships(teamId), teamNotFound);
    const invitee = await signUpTeamUser(context, 'hidden-invitee');
    await owner.teams.createMembership(teamId, ['player'], undefined, invitee.user.id, undefined, INVITE_PAGE);
    await expectSdkError(context.sdk, () => invitee.teams.listMemberships(teamId), teamNotFound);
    await expectSdkError(context.sdk, () => invitee.teams.get(teamId), teamNotFound);
  });

  it('listMemberships: queries on userId, confirm and teamId, paging, cursors and search by membership or user id', async () => {
    const { owner, teamId, ownerMembership, member, pending } = await populatedTeam(context, 'queries');
    const { Query } = context.sdk;
    const ids = (queries?: string[]) => membershipIds(owner.teams, teamId, queries);

    expect(await ids([Query.equal('userId', member.user.id)])).toEqual([member.membership.$id]);
    expect(await ids([Query.equal('confirm', true)])).toEqual([ownerMembership.$id, member.membership.$id]);
    expect(await ids([Query.equal('confirm', false)])).toEqual([pending.$id]);
    expect(await ids([Query.equal('teamId', teamId)])).toEqual([ownerMembership.$id, member.membership.$id, pending.$id]);
    expect(await ids([Query.equal('$id', pending.$id)])).toEqual([pending.$id]);
    expect(await ids([Query.orderDesc('$createdAt'), Query.limit(1)])).toEqual([pending.$id]);

    const page = await owner.teams.listMemberships(teamId, [Query.limit(1)]);
    expect({ total: page.total, ids: page.memberships.map((membership) => membership.$id) }).toEqual({ total: 3, ids: [ownerMembership.$id] });
    expect(await ids([Query.offset(1)])).toEqual([member.membership.$id, pending.$id]);
    expect(await ids([Query.cursorAfter(ownerMembership.$id)])).toEqual([member.membership.$id, pending.$id]);
    expect(await ids([Query.cursorBefore(pending.$id), Query.limit(1)])).toEqual([member.membership.$id]);

    const search = (term: string) => owner.teams.listMemberships(teamId, undefined, term);
    expect((await search(member.user.id)).memberships.map((membership) => membership.$id)).toEqual([member.membership.$id]);
    expect((await search(pending.$id)).memberships.map((membership) => membership.$id)).toEqual([pending.$id]);
    expect(await search('unknown')).toMatchObject({ total: 0, memberships: [] });
  });

  it('listMemberships: an unknown cursor is 400 general_cursor_not_found', async () => {
    const { owner, teamId } = await populatedTeam(context, 'badcursor');
    await expectSdkError(context.sdk, () => owner.teams.listMemberships(teamId, [context.sdk.Query.cursorAfter('nosuchmembership')]), { code: 400, type: 'general_cursor_not_found' });
  });

  it('listMemberships: an attribute outside Appwrite’s list is refused by the queries param (400 general_argument_invalid)', async () => {
    const { owner, teamId } = await populatedTeam(context, 'badquery');
    const { Query } = context.sdk;
    for (const queries of [[Query.equal('secret', 'x')], [Query.orderAsc('userName')]]) {
      const error = await expectSdkError(context.sdk, () => owner.teams.listMemberships(teamId, queries), invalidArgument);
      expect(error.message).toMatch(/^Invalid `queries` param: /);
    }
  });

  it('getMembership: members read one membership; an unknown one is 404 membership_not_found, one of another team 404 team_membership_mismatch', async () => {
    const { owner, teamId, member, pending } = await populatedTeam(context, 'getting');
    expect(await member.teams.getMembership(teamId, pending.$id)).toMatchObject({ $id: pending.$id, teamId, teamName: 'Team getting', confirm: false, joined: '' });
    expect(await owner.teams.getMembership(teamId, member.membership.$id)).toMatchObject({ userId: member.user.id, userName: member.user.name, roles: ['player'], confirm: true });
    await expectSdkError(context.sdk, () => owner.teams.getMembership(teamId, 'nosuchmembership'), membershipNotFound);
    const outsider = await signUpTeamUser(context, 'getting-out');
    await expectSdkError(context.sdk, () => outsider.teams.getMembership(teamId, member.membership.$id), teamNotFound);
    // HEAD Memberships/Get.php:74 compares the teams (1.6.2 returned the other team's membership).
    const other = await createTeam(owner, 'Other');
    await expectSdkError(context.sdk, () => owner.teams.getMembership(other.$id, member.membership.$id), { code: 404, type: 'team_membership_mismatch' });
  });

  it('updateMembership: the owner sets the roles exactly as given; the change applies from the member’s next request', async () => {
    const { owner, teamId, member } = await populatedTeam(context, 'roles');
    const updated = await owner.teams.updateMembership(teamId, member.membership.$id, ['editor', 'uncle']);
    expect(updated).toMatchObject({ $id: member.membership.$id, userId: member.user.id, userName: member.user.name, userEmail: member.user.email, teamId, teamName: 'Team roles', roles: ['editor', 'uncle'], confirm: true });
    expect((await member.teams.getMembership(teamId, member.membership.$id)).roles).toEqual(['editor', 'uncle']);

    await expectSdkError(context.sdk, () => member.teams.updateName(teamId, 'Not yet'), unauthorized);
    await owner.teams.updateMembership(teamId, member.membership.$id, ['owner']);
    expect((await member.teams.updateName(teamId, 'Promoted')).name).toBe('Promoted');
  });

  it('updateMembership: a plain member gets 401 user_unauthorized; unknown ids and bad roles are refused; the roles stay', async () => {
    const { owner, teamId, ownerMembership, member } = await populatedTeam(context, 'roles-refused');
    const denied = await expectSdkError(context.sdk, () => member.teams.updateMembership(teamId, member.membership.$id, ['owner']), unauthorized);
    expect(denied.message).toBe('User is not allowed to modify roles');
    await expectSdkError(context.sdk, () => member.teams.updateMembership(teamId, ownerMembership.$id, ['player']), unauthorized);
    await expectSdkError(context.sdk, () => owner.teams.updateMembership(teamId, 'nosuchmembership', ['player']), membershipNotFound);
    await expectSdkError(context.sdk, () => owner.teams.updateMembership('nosuchteam', member.membership.$id, ['player']), teamNotFound);
    await expectSdkError(context.sdk, () => owner.teams.updateMembership(teamId, member.membership.$id, ['not a key!']), invalidArgument);
    expect((await owner.teams.getMembership(teamId, member.membership.$id)).roles).toEqual(['player']);
    expect((await owner.teams.getMembership(teamId, ownerMembership.$id)).roles).toEqual(['captain', 'owner']);
  });

  // Appwrite applies the last-owner guard only when the project is `console` (1.6.2 teams.php:1090;
  // HEAD Memberships/Update.php:94 and Memberships/Delete.php:89); TeamsBaseClient::testDeleteTeamMembership
  // (HEAD) has the only owner of a project team leave with 204.
  // Decision 008: the last confirmed owner of any team keeps it (Appwrite 1.6.2 applies this to console
  // organisations only, teams.php:1090); a second owner lifts the guard.
  it('the last confirmed owner can neither drop owner nor leave (400); once there is a second owner, both work', async () => {
    const { owner, teamId, ownerMembership, member } = await populatedTeam(context, 'last-owner');
    const guard = 'There must be at least one owner in the organization.';
    const downgrade = await expectSdkError(context.sdk, () => owner.teams.updateMembership(teamId, ownerMembership.$id, ['captain']), { code: 400, type: 'membership_downgrade_prohibited' });
    expect(downgrade.message).toBe(guard);
    const leave = await expectSdkError(context.sdk, () => owner.teams.deleteMembership(teamId, ownerMembership.$id), { code: 400, type: 'membership_deletion_prohibited' });
    expect(leave.message).toBe(guard);
    expect((await owner.teams.getMembership(teamId, ownerMembership.$id)).roles).toEqual(['captain', 'owner']);
    expect(await totalOf(owner.teams, teamId)).toBe(2);

    await owner.teams.updateMembership(teamId, member.membership.$id, ['owner']);
    expect((await owner.teams.updateMembership(teamId, ownerMembership.$id, ['captain'])).roles).toEqual(['captain']);
    await expectSdkError(context.sdk, () => owner.teams.updateName(teamId, 'Not mine to rename'), unauthorized);
    await owner.teams.deleteMembership(teamId, ownerMembership.$id);
    await expectSdkError(context.sdk, () => owner.teams.get(teamId), teamNotFound);
    expect(await totalOf(member.teams, teamId)).toBe(1);
    await expectSdkError(context.sdk, () => member.teams.deleteMembership(teamId, member.membership.$id), { code: 400, type: 'membership_deletion_prohibited' });
  });

  it('deleteMembership: the owner removes a confirmed member, total drops by one and the member loses the team on their next request', async () => {
    const { owner, teamId, member, pending } = await populatedTeam(context, 'removal');
    expect(await totalOf(owner.teams, teamId)).toBe(2);
    expect((await member.teams.get(teamId)).name).toBe('Team removal');
    await owner.teams.deleteMembership(teamId, member.membership.$id);
    expect(await totalOf(owner.teams, teamId)).toBe(1);
    expect(await membershipIds(owner.teams, teamId)).not.toContain(member.membership.$id);
    await expectSdkError(context.sdk, () => member.teams.get(teamId), teamNotFound);
    expect((await member.teams.list()).total).toBe(0);
    await expectSdkError(context.sdk, () => owner.teams.getMembership(teamId, member.membership.$id), membershipNotFound);
    expect(await membershipIds(owner.teams, teamId)).toContain(pending.$id);
  });

  it('deleteMembership: withdrawing a pending invitation leaves total as it was, and its link then finds nothing', async () => {
    const { owner, teamId, pending, pendingEmail } = await populatedTeam(context, 'withdraw');
    const invitation = await invitationTo(context, pendingEmail);
    expect(invitation.membershipId).toBe(pending.$id);
    await owner.teams.deleteMembership(teamId, pending.$id);
    expect(await totalOf(owner.teams, teamId)).toBe(2);
    expect((await owner.teams.listMemberships(teamId)).total).toBe(2);
    await expectSdkError(context.sdk, () => teamsAs(context).updateMembershipStatus(teamId, pending.$id, invitation.userId, invitation.secret), membershipNotFound);
    expect(await messageCount(context, pendingEmail)).toBe(1);
  });

  it('deleteMembership: a member may leave (204); a plain member may not remove anyone else (401); an unknown id is 404 team_invite_not_found', async () => {
    const { owner, teamId, ownerMembership, member, pending } = await populatedTeam(context, 'leaving');
    await expectSdkError(context.sdk, () => member.teams.deleteMembership(teamId, ownerMembership.$id), unauthorized);
    await expectSdkError(context.sdk, () => member.teams.deleteMembership(teamId, pending.$id), unauthorized);
    // Appwrite looks the membership up before the team and reports a miss as team_invite_not_found (1.6.2 teams.php:1323).
    await expectSdkError(context.sdk, () => owner.teams.deleteMembership(teamId, 'nosuchmembership'), { code: 404, type: 'team_invite_not_found' });
    expect((await owner.teams.listMemberships(teamId)).total).toBe(3);
    expect(await totalOf(owner.teams, teamId)).toBe(2);

    await member.teams.deleteMembership(teamId, member.membership.$id);
    expect(await totalOf(owner.teams, teamId)).toBe(1);
    expect(await membershipIds(owner.teams, teamId)).toEqual([ownerMembership.$id, pending.$id]);
    await expectSdkError(context.sdk, () => member.teams.get(teamId), teamNotFound);
  });

  // Decision 008: an invitee may decline before accepting (Appwrite reads the team as the caller first,
  // 1.6.2 teams.php:1333, which a pending invitee cannot); nobody else without a role may.
  it('deleteMembership: a pending invitee declines before accepting; a stranger cannot; total stays', async () => {
    const { owner, teamId } = await populatedTeam(context, 'decline');
    const invitee = await signUpTeamUser(context, 'decline-invitee');
    const invited = await owner.teams.createMembership(teamId, ['player'], undefined, invitee.user.id, undefined, INVITE_PAGE);
    const stranger = await signUpTeamUser(context, 'decline-stranger');
    await expectSdkError(context.sdk, () => stranger.teams.deleteMembership(teamId, invited.$id), teamNotFound);
    expect(await membershipIds(owner.teams, teamId)).toContain(invited.$id);
    await invitee.teams.deleteMembership(teamId, invited.$id);
    expect(await membershipIds(owner.teams, teamId)).not.toContain(invited.$id);
    expect(await totalOf(owner.teams, teamId)).toBe(2);
    await expectSdkError(context.sdk, () => invitee.teams.get(teamId), teamNotFound);
  });

  it('updateMembership through another team is 404 team_membership_mismatch and the roles stay', async () => {
    // HEAD Memberships/Update.php:82 (1.6.2 did not compare the teams).
    const { owner, teamId, member } = await populatedTeam(context, 'crossed-update');
    const other = await createTeam(owner, 'Crossed Other');
    await expectSdkError(context.sdk, () => owner.teams.updateMembership(other.$id, member.membership.$id, ['owner']), { code: 404, type: 'team_membership_mismatch' });
    expect((await owner.teams.getMembership(teamId, member.membership.$id)).roles).toEqual(['player']);
  });

  it('deleteMembership through another team is 404 team_membership_mismatch and both totals stay', async () => {
    // 1.6.2 teams.php:1339, HEAD Memberships/Delete.php:84.
    const { owner, teamId, member } = await populatedTeam(context, 'crossed-delete');
    const other = await createTeam(owner, 'Crossed Other');
    await expectSdkError(context.sdk, () => owner.teams.deleteMembership(other.$id, member.membership.$id), { code: 404, type: 'team_membership_mismatch' });
    expect(await membershipIds(owner.teams, teamId)).toContain(member.membership.$id);
    expect(await totalOf(owner.teams, teamId)).toBe(2);
    expect(await totalOf(owner.teams, other.$id)).toBe(1);
  });
});
