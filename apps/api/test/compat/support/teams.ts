/**
 * Teams, members and invitations for the Teams compat tests. An invitation's secret is read out of
 * the mail or text the server sent, as the invitee's browser would get it from the link.
 */
import type { OutboxMessage } from '../../support/outbox.ts';
import { TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';
import { lastMessageTo, signUpAndIn, withSessionCookie, type SignedIn, type TestUser } from './accounts.ts';
import type { CompatContext } from './compat-suite.ts';
import type { SdkGeneration } from './sdk-generations.ts';
import { connectTeams, type TeamsApi, type WireMembership, type WireTeam } from './teams-api.ts';

/** The site's page that accepts invitations (test servers allow http://allowed.test). */
export const INVITE_PAGE = 'http://allowed.test/editors/join';

let ids = 0;

/** An id nobody has used on this server yet: letters and digits only, so full-text search sees one word. */
export function freshId(label: string): string {
  return `${label.replace(/[^a-zA-Z0-9]/g, '')}${++ids}x${Math.random().toString(36).slice(2, 8)}`.slice(0, 36);
}

/** Teams as a guest, or as the holder of `session`. */
export function teamsAs(context: CompatContext, session?: string): TeamsApi {
  return connectTeams(context.sdk, context.endpoint, TEST_PROJECT, session);
}

export interface TeamUser extends SignedIn {
  user: TestUser;
  teams: TeamsApi;
}

/** A new user, signed in, with Teams, Databases, Storage and Account acting as them. */
export async function signUpTeamUser(context: CompatContext, label: string): Promise<TeamUser> {
  const signedIn = await signUpAndIn(context, label);
  return { ...signedIn, teams: teamsAs(context, signedIn.token) };
}

/** A team `owner` creates with a fresh id. */
export function createTeam(owner: TeamUser, name: string, roles?: string[]): Promise<WireTeam> {
  return owner.teams.create(freshId('team'), name, roles);
}

/** `team:ID` or `team:ID/ROLE` and `member:ID`, as the SDKs' Role builders spell them. */
export function teamRoles(sdk: SdkGeneration): { team(teamId: string, role?: string): string; member(membershipId: string): string } {
  return sdk.Role as unknown as { team(teamId: string, role?: string): string; member(membershipId: string): string };
}

export interface OperatorReply {
  status: number;
  body: any;
}

/** A call with the operator key, for setup a client cannot do. */
export async function operatorCall(context: CompatContext, method: string, path: string, body?: unknown): Promise<OperatorReply> {
  const response = await fetch(`${context.endpoint}${path}`, {
    method,
    headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Makes `userId` a confirmed member at once, as the operator (`npm run editor`) does. */
export async function operatorAddMember(context: CompatContext, teamId: string, userId: string, roles: string[]): Promise<WireMembership> {
  const reply = await operatorCall(context, 'POST', `/teams/${teamId}/memberships`, { userId, roles });
  if (reply.status !== 201) throw new Error(`operator invite to ${teamId} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as WireMembership;
}

/** A signed-in user who is a confirmed member of `teamId` with `roles`. */
export async function addMember(context: CompatContext, teamId: string, label: string, roles: string[]): Promise<TeamUser & { membership: WireMembership }> {
  const member = await signUpTeamUser(context, label);
  return { ...member, membership: await operatorAddMember(context, teamId, member.user.id, roles) };
}

/** What the invitation link carries. */
export interface Invitation {
  link: URL;
  membershipId: string;
  userId: string;
  secret: string;
  teamId: string;
  teamName: string;
}

/** The invitation link of a mail or text: the one link whose query names a membership. */
export function invitationIn(message: OutboxMessage): Invitation {
  const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map((text) => new URL(text)).filter((url) => url.searchParams.has('membershipId'));
  if (links.length !== 1) throw new Error(`expected one invitation link in the message, found ${links.length}`);
  const link = links[0]!;
  const read = (name: string) => {
    const value = link.searchParams.get(name);
    if (value === null) throw new Error(`the invitation link carries no ${name}`);
    return value;
  };
  return { link, membershipId: read('membershipId'), userId: read('userId'), secret: read('secret'), teamId: read('teamId'), teamName: read('teamName') };
}

/** The invitation in the newest mail or text to `to`. */
export async function invitationTo(context: CompatContext, to: string): Promise<Invitation> {
  return invitationIn(await lastMessageTo(context, to));
}


/** Accepts an invitation signed out, as the invitee's browser does from the link; returns the session it opened. */
export async function acceptSignedOut(context: CompatContext, invitation: Invitation): Promise<{ membership: WireMembership; token: string }> {
  const { teamId, membershipId, userId, secret } = invitation;
  const { result, token } = await withSessionCookie(() => teamsAs(context).updateMembershipStatus(teamId, membershipId, userId, secret));
  if (!token) throw new Error('accepting the invitation set no session cookie');
  return { membership: result, token };
}

/** The team's member count as its owner (or any member) reads it. */
export async function totalOf(teams: TeamsApi, teamId: string): Promise<number> {
  return (await teams.get(teamId)).total;
}

/** Ids of the team's memberships, in the server's order. */
export async function membershipIds(teams: TeamsApi, teamId: string, queries?: string[]): Promise<string[]> {
  return (await teams.listMemberships(teamId, queries)).memberships.map((membership) => membership.$id);
}
