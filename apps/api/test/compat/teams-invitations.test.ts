// Team invitations through the official SDKs: inviting by e-mail, user id and phone, the mailed
// link, accepting it (which signs a signed-out invitee in), every refusal, and operator invites.
// Expectations follow Appwrite (app/controllers/api/teams.php at 1.6.2, the Teams module at HEAD,
// and tests/e2e/Services/Teams/TeamsBaseClient.php).
import { expect, it } from 'vitest';
import { TEST_PROJECT } from '../support/test-server.ts';
import { messageCount, SESSION_COOKIE, sessionCookieOf, signIn, withSession, withSessionCookie } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import {
  acceptSignedOut, addMember, createTeam, freshId, INVITE_PAGE, invitationTo, membershipIds, operatorCall, signUpTeamUser, teamsAs, totalOf,
} from './support/teams.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const invalidArgument = { code: 400, type: 'general_argument_invalid' };
const unauthorized = { code: 401, type: 'user_unauthorized' };
const teamNotFound = { code: 404, type: 'team_not_found' };
const invalidSecret = { code: 401, type: 'team_invalid_secret' };
const inviteMismatch = { code: 401, type: 'team_invite_mismatch' };

function freshEmail(label: string): string {
  return `${freshId(label)}@example.org`;
}

let phones = 0;
function freshPhone(): string {
  return `+2547${String(Date.now() + ++phones).slice(-8)}`;
}

describeCompat('team invitations', (context) => {
  it('inviting an unknown e-mail makes a pending membership for a new user and mails the link', async () => {
    const owner = await signUpTeamUser(context, 'inviter');
    const team = await createTeam(owner, 'Editors Desk');
    const email = freshEmail('newcomer');
    const membership = await owner.teams.createMembership(team.$id, ['editor'], email, undefined, undefined, INVITE_PAGE, 'Amina Wanjiru');
    expect(membership).toMatchObject({ teamId: team.$id, teamName: 'Editors Desk', userName: 'Amina Wanjiru', userEmail: email, roles: ['editor'], confirm: false, joined: '', mfa: false });
    expect(membership.userId).not.toBe('');
    expect(membership.userId).not.toBe(owner.user.id);
    expect(membership.invited).toMatch(APPWRITE_DATE);

    const invitation = await invitationTo(context, email);
    expect(`${invitation.link.origin}${invitation.link.pathname}`).toBe(INVITE_PAGE);
    expect(invitation).toMatchObject({ membershipId: membership.$id, userId: membership.userId, teamId: team.$id, teamName: 'Editors Desk' });
    expect(invitation.secret).toMatch(/^[0-9a-f]{256}$/);
    expect(await messageCount(context, email)).toBe(1);

    // Pending: listed, but not counted, and the invitee holds no part of the team yet.
    expect(await totalOf(owner.teams, team.$id)).toBe(1);
    expect((await owner.teams.listMemberships(team.$id)).total).toBe(2);
  });

  it('accepting signed out confirms the membership and signs the invitee in, as a sign-in does', async () => {
    const owner = await signUpTeamUser(context, 'welcomer');
    const team = await createTeam(owner, 'Welcome');
    const email = freshEmail('accepter');
    const invited = await owner.teams.createMembership(team.$id, ['editor'], email, undefined, undefined, INVITE_PAGE, 'Baraka Otieno');
    const invitation = await invitationTo(context, email);

    const { membership, token } = await acceptSignedOut(context, invitation);
    expect(membership).toMatchObject({ $id: invited.$id, userId: invited.userId, userName: 'Baraka Otieno', userEmail: email, teamId: team.$id, teamName: 'Welcome', roles: ['editor'], confirm: true });
    expect(membership.joined).toMatch(APPWRITE_DATE);

    const invitee = withSession(context, token);
    expect(await invitee.account.get()).toMatchObject({ $id: invited.userId, email, name: 'Baraka Otieno', emailVerification: true, passwordUpdate: '' });
    expect(await invitee.account.getSession('current')).toMatchObject({ userId: invited.userId, provider: 'email', current: true });
    const inviteeTeams = teamsAs(context, token);
    expect((await inviteeTeams.list()).teams.map((listed) => listed.$id)).toEqual([team.$id]);
    expect(await totalOf(inviteeTeams, team.$id)).toBe(2);
    expect((await owner.teams.getMembership(team.$id, invited.$id)).confirm).toBe(true);

    // The account an invitation made has no password: the first one is set without an old one, once.
    await invitee.account.updatePassword('first-chosen-password');
    await expectSdkError(context.sdk, () => invitee.account.updatePassword('second-chosen-password'), { code: 401, type: 'user_invalid_credentials' });
    await signIn(context, { email, password: 'first-chosen-password' });
  });

  it('on the wire: a cross-site browser accepting an invitation gets the session in X-Fallback-Cookies, and that header signs in', async () => {
    const owner = await signUpTeamUser(context, 'fallback');
    const team = await createTeam(owner, 'Fallback');
    const email = freshEmail('fallback');
    await owner.teams.createMembership(team.$id, ['editor'], email, undefined, undefined, INVITE_PAGE);
    const { membershipId, userId, secret } = await invitationTo(context, email);
    const headers = { 'x-appwrite-project': TEST_PROJECT, origin: 'http://allowed.test' };

    const accepted = await fetch(`${context.endpoint}/teams/${team.$id}/memberships/${membershipId}/status`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ userId, secret }),
    });
    expect(accepted.status).toBe(200);
    const token = sessionCookieOf(accepted);
    expect(token).toBeTruthy();
    const fallback = JSON.parse(accepted.headers.get('x-fallback-cookies')!);
    expect(fallback).toEqual({ [SESSION_COOKIE]: token });
    const account = await fetch(`${context.endpoint}/account`, { headers: { ...headers, 'x-fallback-cookies': JSON.stringify(fallback) } });
    expect(account.status).toBe(200);
    expect((await account.json()).$id).toBe(userId);
  });

  it('an existing user invited by id: name and e-mail come from the account; accepting signed in as them opens no new session', async () => {
    const owner = await signUpTeamUser(context, 'by-id');
    const team = await createTeam(owner, 'By Id');
    const invitee = await signUpTeamUser(context, 'by-id-invitee');
    const invited = await owner.teams.createMembership(team.$id, ['player'], undefined, invitee.user.id, undefined, INVITE_PAGE, 'Ignored Name');
    expect(invited).toMatchObject({ userId: invitee.user.id, userName: invitee.user.name, userEmail: invitee.user.email, confirm: false });
    const invitation = await invitationTo(context, invitee.user.email);
    expect(invitation).toMatchObject({ membershipId: invited.$id, userId: invitee.user.id });

    await expectSdkError(context.sdk, () => invitee.teams.get(team.$id), teamNotFound);
    const { result, token } = await withSessionCookie(() => invitee.teams.updateMembershipStatus(team.$id, invited.$id, invitation.userId, invitation.secret));
    expect(result).toMatchObject({ $id: invited.$id, confirm: true });
    expect(token).toBeUndefined();
    expect((await invitee.connection.account.listSessions()).total).toBe(1);
    expect(await totalOf(invitee.teams, team.$id)).toBe(2);
  });

  it('an e-mail that belongs to an account, in any letter case, invites that account', async () => {
    const owner = await signUpTeamUser(context, 'by-email');
    const team = await createTeam(owner, 'By Email');
    const invitee = await signUpTeamUser(context, 'by-email-invitee');
    const invited = await owner.teams.createMembership(team.$id, ['player'], invitee.user.email.toUpperCase(), undefined, undefined, INVITE_PAGE);
    expect(invited).toMatchObject({ userId: invitee.user.id, userEmail: invitee.user.email, userName: invitee.user.name });
    expect((await invitationTo(context, invitee.user.email)).userId).toBe(invitee.user.id);
  });

  it('inviting a phone number texts the link to a new user, and accepting it signs them in', async () => {
    const owner = await signUpTeamUser(context, 'by-phone');
    const team = await createTeam(owner, 'By Phone');
    const phone = freshPhone();
    const invited = await owner.teams.createMembership(team.$id, ['player'], undefined, undefined, phone, INVITE_PAGE, 'Texted Member');
    expect(invited).toMatchObject({ userName: 'Texted Member', userEmail: '', confirm: false });
    const invitation = await invitationTo(context, phone);
    expect(invitation).toMatchObject({ membershipId: invited.$id, userId: invited.userId, teamId: team.$id });

    const { token } = await acceptSignedOut(context, invitation);
    expect(await withSession(context, token).account.get()).toMatchObject({ $id: invited.userId, phone, email: '', name: 'Texted Member' });
    expect(await totalOf(owner.teams, team.$id)).toBe(2);
  });

  it('an invitation without userId, e-mail or phone, without url, to a foreign page or with bad values is refused, and nothing is sent', async () => {
    const owner = await signUpTeamUser(context, 'refused');
    const team = await createTeam(owner, 'Refusals');
    const email = freshEmail('refused');
    const invite = (roles: string[], address?: string, userId?: string, url?: string) => () => owner.teams.createMembership(team.$id, roles, address, userId, undefined, url);

    const nobody = await expectSdkError(context.sdk, invite(['player'], undefined, undefined, INVITE_PAGE), invalidArgument);
    expect(nobody.message).toBe('At least one of userId, email, or phone is required');
    const noUrl = await expectSdkError(context.sdk, invite(['player'], email), invalidArgument);
    expect(noUrl.message).toBe('URL is required');
    await expectSdkError(context.sdk, invite(['player'], email, undefined, 'https://evil.test/join'), invalidArgument);
    await expectSdkError(context.sdk, invite(['player'], 'not-an-email', undefined, INVITE_PAGE), invalidArgument);
    await expectSdkError(context.sdk, invite(['not a key!'], email, undefined, INVITE_PAGE), invalidArgument);
    await expectSdkError(context.sdk, invite(['player'], undefined, 'nosuchuser', INVITE_PAGE), { code: 404, type: 'user_not_found' });
    await expectSdkError(context.sdk, () => owner.teams.createMembership('nosuchteam', ['player'], email, undefined, undefined, INVITE_PAGE), teamNotFound);

    expect(await messageCount(context, email)).toBe(0);
    expect((await owner.teams.listMemberships(team.$id)).total).toBe(1);
    expect(await totalOf(owner.teams, team.$id)).toBe(1);
  });

  it('only owners invite: a plain member gets 401 user_unauthorized, a non-member 404 team_not_found, and nothing is sent', async () => {
    const owner = await signUpTeamUser(context, 'gatekeeper');
    const team = await createTeam(owner, 'Gated');
    const member = await addMember(context, team.$id, 'gated-member', ['player', 'editor']);
    const target = await signUpTeamUser(context, 'gated-target');
    const outsider = await signUpTeamUser(context, 'gated-out');
    const before = await membershipIds(owner.teams, team.$id);

    const denied = await expectSdkError(context.sdk, () => member.teams.createMembership(team.$id, ['player'], undefined, target.user.id, undefined, INVITE_PAGE), unauthorized);
    expect(denied.message).toBe('User is not allowed to send invitations for this team');
    await expectSdkError(context.sdk, () => outsider.teams.createMembership(team.$id, ['player'], undefined, target.user.id, undefined, INVITE_PAGE), teamNotFound);
    expect(await messageCount(context, target.user.email)).toBe(0);
    expect(await membershipIds(owner.teams, team.$id)).toEqual(before);
  });

  it('inviting someone who already accepted is 409 membership_already_confirmed', async () => {
    const owner = await signUpTeamUser(context, 'twice');
    const team = await createTeam(owner, 'Twice');
    const email = freshEmail('twice');
    await owner.teams.createMembership(team.$id, ['player'], email, undefined, undefined, INVITE_PAGE);
    await acceptSignedOut(context, await invitationTo(context, email));
    await expectSdkError(context.sdk, () => owner.teams.createMembership(team.$id, ['owner'], email, undefined, undefined, INVITE_PAGE), { code: 409, type: 'membership_already_confirmed' });
    await expectSdkError(context.sdk, () => owner.teams.createMembership(team.$id, ['owner'], undefined, owner.user.id, undefined, INVITE_PAGE), { code: 409, type: 'membership_already_confirmed' });
    expect(await messageCount(context, email)).toBe(1);
    expect(await totalOf(owner.teams, team.$id)).toBe(2);
  });

  it('inviting a pending invitee again mails a new link for the same membership (201); the old secret stops working', async () => {
    const owner = await signUpTeamUser(context, 'resend');
    const team = await createTeam(owner, 'Resend');
    const email = freshEmail('resend');
    const first = await owner.teams.createMembership(team.$id, ['player'], email, undefined, undefined, INVITE_PAGE);
    const firstLink = await invitationTo(context, email);
    const second = await owner.teams.createMembership(team.$id, ['player'], email, undefined, undefined, INVITE_PAGE);
    expect(second.$id).toBe(first.$id);
    expect(second.userId).toBe(first.userId);
    const secondLink = await invitationTo(context, email);
    expect(await messageCount(context, email)).toBe(2);
    expect(secondLink.membershipId).toBe(first.$id);
    expect(secondLink.secret).not.toBe(firstLink.secret);
    expect((await owner.teams.listMemberships(team.$id)).total).toBe(2);

    await expectSdkError(context.sdk, () => teamsAs(context).updateMembershipStatus(team.$id, first.$id, first.userId, firstLink.secret), invalidSecret);
    await acceptSignedOut(context, secondLink);
    expect(await totalOf(owner.teams, team.$id)).toBe(2);
  });

  it('accepting with a bad secret, another user id, as another signed-in user or through the wrong team is refused, opens no session and leaves the invitation pending', async () => {
    const owner = await signUpTeamUser(context, 'status');
    const team = await createTeam(owner, 'Status');
    const otherTeam = await createTeam(owner, 'Status Other');
    const email = freshEmail('status');
    const invited = await owner.teams.createMembership(team.$id, ['player'], email, undefined, undefined, INVITE_PAGE);
    const { membershipId, userId, secret } = await invitationTo(context, email);
    const bystander = await signUpTeamUser(context, 'status-bystander');
    const guest = teamsAs(context);

    const refusals: [() => Promise<unknown>, { code: number; type: string }][] = [
      [() => guest.updateMembershipStatus(team.$id, membershipId, userId, 'f'.repeat(256)), invalidSecret],
      [() => guest.updateMembershipStatus(team.$id, membershipId, bystander.user.id, secret), inviteMismatch],
      [() => bystander.teams.updateMembershipStatus(team.$id, membershipId, userId, secret), inviteMismatch],
      [() => guest.updateMembershipStatus(otherTeam.$id, membershipId, userId, secret), { code: 404, type: 'team_membership_mismatch' }],
      [() => guest.updateMembershipStatus(team.$id, 'nosuchmembership', userId, secret), { code: 404, type: 'membership_not_found' }],
      [() => guest.updateMembershipStatus('nosuchteam', membershipId, userId, secret), teamNotFound],
    ];
    for (const [call, expected] of refusals) {
      const { token } = await withSessionCookie(() => expectSdkError(context.sdk, call, expected));
      expect(token).toBeUndefined();
    }
    expect(await owner.teams.getMembership(team.$id, invited.$id)).toMatchObject({ confirm: false, joined: '' });
    expect(await totalOf(owner.teams, team.$id)).toBe(1);
    expect((await bystander.teams.list()).total).toBe(0);

    // The link still works afterwards.
    await acceptSignedOut(context, { link: new URL(INVITE_PAGE), membershipId, userId, secret, teamId: team.$id, teamName: 'Status' });
    expect(await totalOf(owner.teams, team.$id)).toBe(2);
  });

  it('accepting twice is 409 membership_already_confirmed, signed out or as the member, and total counts them once', async () => {
    const owner = await signUpTeamUser(context, 'again');
    const team = await createTeam(owner, 'Again');
    const email = freshEmail('again');
    await owner.teams.createMembership(team.$id, ['player'], email, undefined, undefined, INVITE_PAGE);
    const invitation = await invitationTo(context, email);
    const { token } = await acceptSignedOut(context, invitation);
    const { teamId, membershipId, userId, secret } = invitation;
    await expectSdkError(context.sdk, () => teamsAs(context).updateMembershipStatus(teamId, membershipId, userId, secret), { code: 409, type: 'membership_already_confirmed' });
    await expectSdkError(context.sdk, () => teamsAs(context, token).updateMembershipStatus(teamId, membershipId, userId, secret), { code: 409, type: 'membership_already_confirmed' });
    expect(await totalOf(owner.teams, team.$id)).toBe(2);
  });

  it('an operator invite is confirmed at once and sends no mail; the member holds the team on their next request', async () => {
    const owner = await signUpTeamUser(context, 'operator');
    const team = await createTeam(owner, 'Operated');
    const member = await signUpTeamUser(context, 'operator-member');
    const added = await operatorCall(context, 'POST', `/teams/${team.$id}/memberships`, { userId: member.user.id, roles: ['editor'] });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ userId: member.user.id, teamId: team.$id, roles: ['editor'], confirm: true });
    expect(added.body.joined).toMatch(APPWRITE_DATE);
    expect(await messageCount(context, member.user.email)).toBe(0);
    expect(await totalOf(member.teams, team.$id)).toBe(2);

    // An unknown e-mail becomes a new account that is a member straight away, still without mail.
    const email = freshEmail('operator-new');
    const created = await operatorCall(context, 'POST', `/teams/${team.$id}/memberships`, { email, name: 'Made By Operator', roles: ['editor'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userEmail: email, userName: 'Made By Operator', confirm: true });
    expect(await messageCount(context, email)).toBe(0);
    expect(await totalOf(owner.teams, team.$id)).toBe(3);
  });
});
