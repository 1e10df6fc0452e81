// Teams through the official SDKs: creating, listing (queries, cursors, search), reading, renaming
// and deleting teams, and team prefs. Expectations follow Appwrite (app/controllers/api/teams.php
// at 1.6.2 and tests/e2e/Services/Teams/TeamsBase.php).
import { expect, it } from 'vitest';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import type { TeamsApi } from './support/teams-api.ts';
import { addMember, createTeam, freshId, operatorAddMember, operatorCall, signUpTeamUser, teamsAs } from './support/teams.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const invalidArgument = { code: 400, type: 'general_argument_invalid' };
const unauthorized = { code: 401, type: 'user_unauthorized' };
const guestScope = { code: 401, type: 'general_unauthorized_scope' };
const teamNotFound = { code: 404, type: 'team_not_found' };

async function teamNames(teams: TeamsApi, queries?: string[], search?: string): Promise<string[]> {
  return (await teams.list(queries, search)).teams.map((team) => team.name);
}

describeCompat('teams', (context) => {
  it('create: the creator becomes a confirmed owner with the roles given plus owner, and total is 1', async () => {
    const owner = await signUpTeamUser(context, 'creator');
    const teamId = freshId('arsenal');
    const team = await owner.teams.create(teamId, 'Arsenal', ['player']);
    expect(team).toMatchObject({ $id: teamId, name: 'Arsenal', total: 1, prefs: {} });
    expect(team.$createdAt).toMatch(APPWRITE_DATE);
    expect(team.$updatedAt).toMatch(APPWRITE_DATE);

    const { total, memberships } = await owner.teams.listMemberships(teamId);
    expect(total).toBe(1);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({
      userId: owner.user.id,
      userName: owner.user.name,
      userEmail: owner.user.email,
      teamId,
      teamName: 'Arsenal',
      roles: ['player', 'owner'],
      confirm: true,
      mfa: false,
    });
    expect(memberships[0]!.invited).toMatch(APPWRITE_DATE);
    expect(memberships[0]!.joined).toMatch(APPWRITE_DATE);

    // Without roles the creator is just an owner; owner is never added twice.
    const plain = await createTeam(owner, 'Plain');
    expect((await owner.teams.listMemberships(plain.$id)).memberships[0]!.roles).toEqual(['owner']);
    const both = await createTeam(owner, 'Both', ['owner', 'captain']);
    expect((await owner.teams.listMemberships(both.$id)).memberships[0]!.roles).toEqual(['owner', 'captain']);
    expect((await owner.teams.list()).total).toBe(3);
  });

  it('create: ID.unique() and the literal unique() both give the team a generated id', async () => {
    const owner = await signUpTeamUser(context, 'unique');
    const fromSdk = await owner.teams.create(context.sdk.ID.unique(), 'From the SDK');
    expect(fromSdk.$id).toMatch(/^[a-z0-9]{20}$/);
    const fromServer = await owner.teams.create('unique()', 'From the server');
    expect(fromServer.$id).toMatch(/^[a-z0-9]{20}$/);
    expect(fromServer.$id).not.toBe(fromSdk.$id);
    expect((await owner.teams.get(fromServer.$id)).name).toBe('From the server');
  });

  it('create: a taken id is 409 team_already_exists and the first team stays as it was', async () => {
    const owner = await signUpTeamUser(context, 'first');
    const other = await signUpTeamUser(context, 'second');
    const team = await createTeam(owner, 'Original');
    await expectSdkError(context.sdk, () => other.teams.create(team.$id, 'Impostor'), { code: 409, type: 'team_already_exists' });
    await expectSdkError(context.sdk, () => owner.teams.create(team.$id, 'Again'), { code: 409, type: 'team_already_exists' });
    expect(await owner.teams.get(team.$id)).toMatchObject({ name: 'Original', total: 1 });
    expect(await owner.teams.listMemberships(team.$id)).toMatchObject({ total: 1 });
    expect((await other.teams.list()).total).toBe(0);
  });

  it('create: a bad id, name or role is 400 general_argument_invalid and no team is made', async () => {
    const owner = await signUpTeamUser(context, 'invalid');
    for (const teamId of ['_leading-underscore', 'has space', 'x'.repeat(37)]) {
      await expectSdkError(context.sdk, () => owner.teams.create(teamId, 'Bad id'), invalidArgument);
    }
    for (const name of ['', 'n'.repeat(129)]) {
      await expectSdkError(context.sdk, () => owner.teams.create(freshId('badname'), name), invalidArgument);
    }
    await expectSdkError(context.sdk, () => owner.teams.create(freshId('badrole'), 'Bad role', ['not a key!']), invalidArgument);
    expect(await owner.teams.list()).toMatchObject({ total: 0, teams: [] });
    // The longest allowed name is fine.
    expect((await createTeam(owner, 'n'.repeat(128))).name).toHaveLength(128);
  });

  it('list: only the caller’s teams, with queries on name and total, cursors and search', async () => {
    const owner = await signUpTeamUser(context, 'lister');
    const arsenal = await createTeam(owner, 'Arsenal');
    const united = await createTeam(owner, 'Manchester United');
    const newcastle = await createTeam(owner, 'Newcastle');
    const player = await addMember(context, united.$id, 'player', ['player']);
    const stranger = await signUpTeamUser(context, 'stranger');
    await createTeam(stranger, 'Chelsea');
    const { Query } = context.sdk;

    const all = await owner.teams.list();
    expect(all.total).toBe(3);
    expect(all.teams.map((team) => team.name)).toEqual(['Arsenal', 'Manchester United', 'Newcastle']);
    expect(all.teams.find((team) => team.$id === united.$id)?.total).toBe(2);
    expect(await teamNames(player.teams)).toEqual(['Manchester United']);
    expect(await teamNames(stranger.teams)).toEqual(['Chelsea']);

    expect(await teamNames(owner.teams, [Query.equal('name', 'Newcastle')])).toEqual(['Newcastle']);
    expect(await teamNames(owner.teams, [Query.equal('name', ['Arsenal', 'Newcastle'])])).toEqual(['Arsenal', 'Newcastle']);
    expect(await teamNames(owner.teams, [Query.equal('name', 'Chelsea')])).toEqual([]);
    expect(await teamNames(owner.teams, [Query.equal('total', 2)])).toEqual(['Manchester United']);
    expect(await teamNames(owner.teams, [Query.greaterThan('total', 1)])).toEqual(['Manchester United']);
    expect(await teamNames(owner.teams, [Query.orderDesc('name')])).toEqual(['Newcastle', 'Manchester United', 'Arsenal']);
    expect(await teamNames(owner.teams, [Query.orderDesc('total'), Query.orderAsc('name')])).toEqual(['Manchester United', 'Arsenal', 'Newcastle']);
    expect(await teamNames(owner.teams, [Query.equal('$id', arsenal.$id)])).toEqual(['Arsenal']);

    const firstTwo = await owner.teams.list([Query.limit(2)]);
    expect({ total: firstTwo.total, names: firstTwo.teams.map((team) => team.name) }).toEqual({ total: 3, names: ['Arsenal', 'Manchester United'] });
    const skipped = await owner.teams.list([Query.offset(1)]);
    expect({ total: skipped.total, names: skipped.teams.map((team) => team.name) }).toEqual({ total: 3, names: ['Manchester United', 'Newcastle'] });
    expect(await teamNames(owner.teams, [Query.limit(1), Query.cursorAfter(arsenal.$id)])).toEqual(['Manchester United']);
    expect(await teamNames(owner.teams, [Query.cursorAfter(united.$id)])).toEqual(['Newcastle']);
    expect(await teamNames(owner.teams, [Query.limit(1), Query.cursorBefore(newcastle.$id)])).toEqual(['Manchester United']);

    // Search looks at the id and the name.
    expect(await teamNames(owner.teams, undefined, 'Manchester')).toEqual(['Manchester United']);
    expect(await teamNames(owner.teams, undefined, 'United')).toEqual(['Manchester United']);
    expect(await teamNames(owner.teams, undefined, arsenal.$id)).toEqual(['Arsenal']);
    expect(await owner.teams.list(undefined, 'Chelsea')).toMatchObject({ total: 0, teams: [] });
  });

  it('list: an unknown cursor is 400 general_cursor_not_found', async () => {
    const owner = await signUpTeamUser(context, 'badcursor');
    await createTeam(owner, 'Only');
    await expectSdkError(context.sdk, () => owner.teams.list([context.sdk.Query.cursorAfter('nosuchteam')]), { code: 400, type: 'general_cursor_not_found' });
  });

  it('list: an attribute other than name and total is refused by the queries param (400 general_argument_invalid)', async () => {
    const owner = await signUpTeamUser(context, 'badquery');
    await createTeam(owner, 'Only');
    const { Query } = context.sdk;
    // Appwrite validates `queries` with its Teams validator as a param, so a failure is general_argument_invalid
    // ("Invalid `queries` param: Invalid query: Attribute not found in schema: prefs").
    for (const queries of [[Query.equal('prefs', 'x')], [Query.orderAsc('search')], [Query.equal('nickname', 'x')]]) {
      const error = await expectSdkError(context.sdk, () => owner.teams.list(queries), invalidArgument);
      expect(error.message).toMatch(/^Invalid `queries` param: /);
    }
    expect((await owner.teams.list()).total).toBe(1);
  });

  it('get: members read the team; a non-member gets 404 team_not_found and a guest 401 general_unauthorized_scope', async () => {
    const owner = await signUpTeamUser(context, 'getter');
    const team = await createTeam(owner, 'Readable');
    const member = await addMember(context, team.$id, 'reader', ['reader']);
    const outsider = await signUpTeamUser(context, 'outsider');
    expect(await owner.teams.get(team.$id)).toMatchObject({ $id: team.$id, name: 'Readable', total: 2, prefs: {} });
    expect(await member.teams.get(team.$id)).toMatchObject({ $id: team.$id, total: 2 });
    await expectSdkError(context.sdk, () => outsider.teams.get(team.$id), teamNotFound);
    await expectSdkError(context.sdk, () => owner.teams.get('nosuchteam'), teamNotFound);
    await expectSdkError(context.sdk, () => teamsAs(context).get(team.$id), guestScope);
  });

  it('updateName: the owner renames the team and search follows; a plain member gets 401 user_unauthorized, a non-member 404, and the name stays', async () => {
    const owner = await signUpTeamUser(context, 'renamer');
    const team = await createTeam(owner, 'Old Name');
    const member = await addMember(context, team.$id, 'plain', ['player']);
    const outsider = await signUpTeamUser(context, 'renamer-out');

    await expectSdkError(context.sdk, () => member.teams.updateName(team.$id, 'Hijacked'), unauthorized);
    await expectSdkError(context.sdk, () => outsider.teams.updateName(team.$id, 'Hijacked'), teamNotFound);
    await expectSdkError(context.sdk, () => owner.teams.updateName(team.$id, ''), invalidArgument);
    await expectSdkError(context.sdk, () => owner.teams.updateName(team.$id, 'n'.repeat(129)), invalidArgument);
    expect((await member.teams.get(team.$id)).name).toBe('Old Name');

    const renamed = await owner.teams.updateName(team.$id, 'New Name');
    expect(renamed).toMatchObject({ $id: team.$id, name: 'New Name', total: 2 });
    expect(new Date(renamed.$updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(team.$updatedAt).getTime());
    expect((await member.teams.get(team.$id)).name).toBe('New Name');
    expect((await owner.teams.listMemberships(team.$id)).memberships.map((membership) => membership.teamName)).toEqual(['New Name', 'New Name']);
    expect(await teamNames(owner.teams, undefined, 'New')).toEqual(['New Name']);
    expect(await teamNames(owner.teams, undefined, 'Old')).toEqual([]);
  });

  it('delete: a plain member gets 401 user_unauthorized and the team stays; the owner deletes it with its memberships', async () => {
    const owner = await signUpTeamUser(context, 'deleter');
    const team = await createTeam(owner, 'Doomed');
    const member = await addMember(context, team.$id, 'doomed-member', ['player']);

    await expectSdkError(context.sdk, () => member.teams.delete(team.$id), unauthorized);
    expect(await owner.teams.get(team.$id)).toMatchObject({ name: 'Doomed', total: 2 });

    await owner.teams.delete(team.$id);
    await expectSdkError(context.sdk, () => owner.teams.get(team.$id), teamNotFound);
    await expectSdkError(context.sdk, () => member.teams.get(team.$id), teamNotFound);
    await expectSdkError(context.sdk, () => owner.teams.listMemberships(team.$id), teamNotFound);
    await expectSdkError(context.sdk, () => owner.teams.delete(team.$id), teamNotFound);
    expect((await member.teams.list()).total).toBe(0);
    expect((await owner.teams.list()).total).toBe(0);

    // The id is free again, and nothing of the old memberships comes back with it.
    const again = await owner.teams.create(team.$id, 'Reborn');
    expect(again).toMatchObject({ $id: team.$id, total: 1 });
    expect((await owner.teams.listMemberships(team.$id)).memberships.map((membership) => membership.userId)).toEqual([owner.user.id]);
    await expectSdkError(context.sdk, () => member.teams.get(team.$id), teamNotFound);
  });

  it('prefs: {} at first; the owner replaces them whole; every member reads them, also on the team', async () => {
    const owner = await signUpTeamUser(context, 'prefs');
    const team = await createTeam(owner, 'Preferences');
    const member = await addMember(context, team.$id, 'prefs-reader', ['player']);
    expect(await owner.teams.getPrefs(team.$id)).toEqual({});

    const prefs = { language: 'sw', districts: ['north', 'south'], layout: { compact: true, columns: 3 } };
    expect(await owner.teams.updatePrefs(team.$id, prefs)).toEqual(prefs);
    expect(await owner.teams.getPrefs(team.$id)).toEqual(prefs);
    expect(await member.teams.getPrefs(team.$id)).toEqual(prefs);
    expect((await member.teams.get(team.$id)).prefs).toEqual(prefs);

    expect(await owner.teams.updatePrefs(team.$id, { theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(await member.teams.getPrefs(team.$id)).toEqual({ theme: 'dark' });
    expect(await owner.teams.updatePrefs(team.$id, {})).toEqual({});
    expect((await owner.teams.get(team.$id)).prefs).toEqual({});
  });

  it('prefs: a plain member may not change them (401 user_unauthorized), a non-member gets 404, and they stay', async () => {
    const owner = await signUpTeamUser(context, 'prefs-owner');
    const team = await createTeam(owner, 'Guarded');
    const member = await addMember(context, team.$id, 'prefs-member', ['player']);
    const outsider = await signUpTeamUser(context, 'prefs-out');
    await owner.teams.updatePrefs(team.$id, { theme: 'light' });

    // The team's update permission is team:ID/owner, and Appwrite writes prefs through it.
    await expectSdkError(context.sdk, () => member.teams.updatePrefs(team.$id, { theme: 'dark' }), unauthorized);
    await expectSdkError(context.sdk, () => outsider.teams.updatePrefs(team.$id, { theme: 'dark' }), teamNotFound);
    await expectSdkError(context.sdk, () => outsider.teams.getPrefs(team.$id), teamNotFound);
    expect(await owner.teams.getPrefs(team.$id)).toEqual({ theme: 'light' });
  });

  it('prefs: a list or more than 65,535 bytes of JSON is 400 general_argument_invalid and the prefs stay', async () => {
    const owner = await signUpTeamUser(context, 'prefs-shape');
    const team = await createTeam(owner, 'Shapes');
    await owner.teams.updatePrefs(team.$id, { kept: true });
    await expectSdkError(context.sdk, () => owner.teams.updatePrefs(team.$id, ['north', 'south']), invalidArgument);
    await expectSdkError(context.sdk, () => owner.teams.updatePrefs(team.$id, { blob: 'x'.repeat(65_536) }), invalidArgument);
    expect(await owner.teams.getPrefs(team.$id)).toEqual({ kept: true });
    // Just under the limit is fine.
    const large = { blob: 'x'.repeat(65_000) };
    expect(await owner.teams.updatePrefs(team.$id, large)).toEqual(large);
  });

  it('a guest gets 401 general_unauthorized_scope from every Teams call but accepting an invitation', async () => {
    const owner = await signUpTeamUser(context, 'guarded');
    const team = await createTeam(owner, 'Members Only');
    const member = await addMember(context, team.$id, 'guarded-member', ['player']);
    const guest = teamsAs(context);
    const membershipId = member.membership.$id;
    const calls: (() => Promise<unknown>)[] = [
      () => guest.list(),
      () => guest.create(freshId('guest'), 'By a guest'),
      () => guest.get(team.$id),
      () => guest.updateName(team.$id, 'By a guest'),
      () => guest.delete(team.$id),
      () => guest.getPrefs(team.$id),
      () => guest.updatePrefs(team.$id, { by: 'guest' }),
      () => guest.listMemberships(team.$id),
      () => guest.createMembership(team.$id, ['player'], 'guest-invite@example.org', undefined, undefined, 'http://allowed.test/join'),
      () => guest.getMembership(team.$id, membershipId),
      () => guest.updateMembership(team.$id, membershipId, ['owner']),
      () => guest.deleteMembership(team.$id, membershipId),
    ];
    for (const call of calls) await expectSdkError(context.sdk, call, guestScope);
    expect(await owner.teams.get(team.$id)).toMatchObject({ name: 'Members Only', total: 2, prefs: {} });
    expect((await owner.teams.getMembership(team.$id, membershipId)).roles).toEqual(['player']);
  });

  it('a team the operator creates has no members (total 0) until the operator adds one', async () => {
    const teamId = freshId('operated');
    const created = await operatorCall(context, 'POST', '/teams', { teamId, name: 'Operated' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ $id: teamId, name: 'Operated', total: 0 });
    const user = await signUpTeamUser(context, 'operated');
    await expectSdkError(context.sdk, () => user.teams.get(teamId), teamNotFound);
    await operatorAddMember(context, teamId, user.user.id, ['owner']);
    expect(await user.teams.get(teamId)).toMatchObject({ name: 'Operated', total: 1 });
  });
});
