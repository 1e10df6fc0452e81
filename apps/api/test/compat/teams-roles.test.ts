// Team roles in permissions through the official SDKs: what `team:ID`, `team:ID/ROLE` and
// `member:ID` let a caller do in collections, documents, buckets and files, and when the roles
// arrive and leave. The first suite runs on the site's own schema (appwrite.json: the `editors`
// team, directory collections, contact messages and the media bucket); the second on the test
// schema's document- and file-security collection and bucket.
import { afterAll, expect, it } from 'vitest';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { operatorCreateDocument } from './support/operator.ts';
import {
  addMember, createTeam, freshId, INVITE_PAGE, invitationTo, signUpTeamUser, teamRoles, teamsAs, type TeamUser,
} from './support/teams.ts';
import { siteSchemaCopy } from '../support/site-schema-copy.ts';
import { idsOf } from './support/wire.ts';

const siteSchema = siteSchemaCopy();
afterAll(() => siteSchema.remove());

const EDITORS = 'editors';

const unauthorized = { code: 401, type: 'user_unauthorized' };
const documentNotFound = { code: 404, type: 'document_not_found' };
const teamNotFound = { code: 404, type: 'team_not_found' };

/** A 1×1 PNG, for the media bucket (jpg, png, webp, gif and avif only). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function pixelFile(): File {
  return new File([PIXEL], 'pixel.png', { type: 'image/png' });
}

function region(label: string): Record<string, unknown> {
  const slug = freshId(label).toLowerCase();
  return { name: `Region ${label}`, slug, code: slug.slice(0, 16) };
}

/** Creates a region as `who`; resolves to its id. */
async function createRegion(who: TeamUser, label: string): Promise<string> {
  return (await who.connection.databases.createDocument('main', 'regions', freshId(label), region(label))).$id;
}

async function contactMessage(context: CompatContext, label: string): Promise<string> {
  const id = freshId(label);
  await operatorCreateDocument(context.endpoint, 'contact_messages', id, { name: 'Amélie N’Diaye', email: 'amelie@example.org', subject: 'Polling hours', message: `About ${label}`, status: 'new', language: 'fr' }, []);
  return id;
}

describeCompat('team roles in the site schema', (context) => {
  it('the editors team exists from the first start; its members read it, anyone else gets 404 team_not_found', async () => {
    const editor = await addMember(context, EDITORS, 'editor-reads', ['editor']);
    expect(await editor.teams.get(EDITORS)).toMatchObject({ $id: EDITORS, name: 'Editors' });
    expect((await editor.teams.list()).teams.map((team) => team.$id)).toEqual([EDITORS]);
    const outsider = await signUpTeamUser(context, 'not-an-editor');
    await expectSdkError(context.sdk, () => outsider.teams.get(EDITORS), teamNotFound);
  });

  it('team:editors/editor and team:editors/owner may write directory records; a signed-in non-member gets 401 user_unauthorized and nothing changes', async () => {
    const editor = await addMember(context, EDITORS, 'writer', ['editor']);
    const owner = await addMember(context, EDITORS, 'chief', ['owner']);
    const outsider = await signUpTeamUser(context, 'vandal');
    const databases = editor.connection.databases;

    const id = await createRegion(editor, 'central');
    expect((await databases.updateDocument('main', 'regions', id, { name: 'Central Region' })).name).toBe('Central Region');
    expect(await createRegion(owner, 'northern')).toBeTruthy();

    await expectSdkError(context.sdk, () => outsider.connection.databases.createDocument('main', 'regions', freshId('vandal'), region('vandal')), unauthorized);
    await expectSdkError(context.sdk, () => outsider.connection.databases.updateDocument('main', 'regions', id, { name: 'Vandalised' }), unauthorized);
    await expectSdkError(context.sdk, () => outsider.connection.databases.deleteDocument('main', 'regions', id), unauthorized);
    await expectSdkError(context.sdk, () => context.databases.createDocument('main', 'regions', freshId('guest'), region('guest')), unauthorized);
    expect((await context.databases.getDocument('main', 'regions', id)).name).toBe('Central Region');
    expect((await context.databases.listDocuments('main', 'regions')).total).toBe(2);

    await databases.deleteDocument('main', 'regions', id);
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'regions', id), documentNotFound);
  });

  it('contact messages: team:editors reads and updates them, but only team:editors/owner deletes them', async () => {
    const editor = await addMember(context, EDITORS, 'inbox-editor', ['editor']);
    const owner = await addMember(context, EDITORS, 'inbox-owner', ['owner']);
    const outsider = await signUpTeamUser(context, 'inbox-outsider');
    const id = await contactMessage(context, 'inbox');
    const { Query } = context.sdk;

    expect(idsOf((await editor.connection.databases.listDocuments('main', 'contact_messages', [Query.equal('$id', id)])).documents)).toEqual([id]);
    expect((await editor.connection.databases.updateDocument('main', 'contact_messages', id, { status: 'read' })).status).toBe('read');
    await expectSdkError(context.sdk, () => editor.connection.databases.deleteDocument('main', 'contact_messages', id), unauthorized);
    await expectSdkError(context.sdk, () => outsider.connection.databases.listDocuments('main', 'contact_messages'), unauthorized);
    await expectSdkError(context.sdk, () => outsider.connection.databases.getDocument('main', 'contact_messages', id), documentNotFound);
    await expectSdkError(context.sdk, () => outsider.connection.databases.updateDocument('main', 'contact_messages', id, { status: 'answered' }), unauthorized);
    expect((await owner.connection.databases.getDocument('main', 'contact_messages', id)).status).toBe('read');

    await owner.connection.databases.deleteDocument('main', 'contact_messages', id);
    await expectSdkError(context.sdk, () => editor.connection.databases.getDocument('main', 'contact_messages', id), documentNotFound);
  });

  it('a pending invitee holds no team roles; they arrive with the first request after accepting', async () => {
    const owner = await addMember(context, EDITORS, 'inviting-owner', ['owner']);
    const invitee = await signUpTeamUser(context, 'invited-editor');
    const message = await contactMessage(context, 'for-the-invitee');
    const { Query } = context.sdk;
    await owner.teams.createMembership(EDITORS, ['editor'], undefined, invitee.user.id, undefined, INVITE_PAGE);
    const { membershipId, userId, secret } = await invitationTo(context, invitee.user.email);

    await expectSdkError(context.sdk, () => createRegion(invitee, 'too-early'), unauthorized);
    await expectSdkError(context.sdk, () => invitee.connection.databases.listDocuments('main', 'contact_messages'), unauthorized);
    await expectSdkError(context.sdk, () => invitee.connection.storage.createFile('media', context.sdk.ID.unique(), pixelFile()), unauthorized);

    await invitee.teams.updateMembershipStatus(EDITORS, membershipId, userId, secret);
    expect(await createRegion(invitee, 'on-time')).toBeTruthy();
    expect(idsOf((await invitee.connection.databases.listDocuments('main', 'contact_messages', [Query.equal('$id', message)])).documents)).toEqual([message]);
  });

  it('a role change or a removal takes the roles away from the next request on', async () => {
    const owner = await addMember(context, EDITORS, 'demoting-owner', ['owner']);
    const editor = await addMember(context, EDITORS, 'demoted-editor', ['editor']);
    const message = await contactMessage(context, 'for-the-demoted');
    const { Query } = context.sdk;
    await createRegion(editor, 'before');

    await owner.teams.updateMembership(EDITORS, editor.membership.$id, ['viewer']);
    await expectSdkError(context.sdk, () => createRegion(editor, 'after-demotion'), unauthorized);
    // Still a member, so team:editors (read contact messages) stays.
    expect(idsOf((await editor.connection.databases.listDocuments('main', 'contact_messages', [Query.equal('$id', message)])).documents)).toEqual([message]);

    await owner.teams.deleteMembership(EDITORS, editor.membership.$id);
    await expectSdkError(context.sdk, () => editor.connection.databases.listDocuments('main', 'contact_messages'), unauthorized);
    await expectSdkError(context.sdk, () => editor.teams.get(EDITORS), teamNotFound);
  });

  it('media bucket: editors upload; a signed-in non-member and a removed editor get 401 user_unauthorized', async () => {
    const owner = await addMember(context, EDITORS, 'media-owner', ['owner']);
    const editor = await addMember(context, EDITORS, 'photographer', ['editor']);
    const outsider = await signUpTeamUser(context, 'media-outsider');
    const { ID } = context.sdk;

    const file = await editor.connection.storage.createFile('media', ID.unique(), pixelFile());
    expect(file).toMatchObject({ bucketId: 'media', name: 'pixel.png', sizeOriginal: PIXEL.length });
    expect((await context.guest.storage.getFile('media', file.$id)).$id).toBe(file.$id);
    await expectSdkError(context.sdk, () => outsider.connection.storage.createFile('media', ID.unique(), pixelFile()), unauthorized);
    await expectSdkError(context.sdk, () => outsider.connection.storage.deleteFile('media', file.$id), unauthorized);

    await owner.teams.deleteMembership(EDITORS, editor.membership.$id);
    await expectSdkError(context.sdk, () => editor.connection.storage.createFile('media', ID.unique(), pixelFile()), unauthorized);
    expect((await context.guest.storage.listFiles('media')).total).toBe(1);
  });
}, { env: { SCHEMA_FILE: siteSchema.file } });

describeCompat('team and member roles on documents and files', (context) => {
  /** A team with an owner, a confirmed player, a pending invitee and someone from outside. */
  async function cast(label: string) {
    const owner = await signUpTeamUser(context, `${label}-owner`);
    const team = await createTeam(owner, `Cast ${label}`);
    const player = await addMember(context, team.$id, `${label}-player`, ['player']);
    const pending = await signUpTeamUser(context, `${label}-pending`);
    await owner.teams.createMembership(team.$id, ['player'], undefined, pending.user.id, undefined, INVITE_PAGE);
    const outsider = await signUpTeamUser(context, `${label}-outsider`);
    return { owner, teamId: team.$id, player, pending, outsider };
  }

  it('a document readable by team:ID is read by confirmed members only, and only members may grant it', async () => {
    const { owner, teamId, player, pending, outsider } = await cast('team-read');
    const { Permission, Query } = context.sdk;
    const role = teamRoles(context.sdk).team(teamId);
    expect(role).toBe(`team:${teamId}`);
    const created = await owner.connection.databases.createDocument('main', 'secure', freshId('teamdoc'), { title: 'For the team' }, [Permission.read(role)]);
    expect(created.$permissions).toEqual([`read("team:${teamId}")`]);

    expect((await player.connection.databases.getDocument('main', 'secure', created.$id)).title).toBe('For the team');
    expect(idsOf((await player.connection.databases.listDocuments('main', 'secure', [Query.equal('$id', created.$id)])).documents)).toEqual([created.$id]);
    await expectSdkError(context.sdk, () => pending.connection.databases.getDocument('main', 'secure', created.$id), documentNotFound);
    await expectSdkError(context.sdk, () => outsider.connection.databases.getDocument('main', 'secure', created.$id), documentNotFound);
    expect((await outsider.connection.databases.listDocuments('main', 'secure', [Query.equal('$id', created.$id)])).total).toBe(0);

    // Permissions must be roles the caller holds (Appwrite: 401 user_unauthorized).
    await expectSdkError(context.sdk, () => outsider.connection.databases.createDocument('main', 'secure', freshId('forged'), { title: 'Forged' }, [Permission.read(role)]), unauthorized);
    await expectSdkError(context.sdk, () => pending.connection.databases.createDocument('main', 'secure', freshId('forged'), { title: 'Forged' }, [Permission.read(role)]), unauthorized);
  });

  it('a document readable by member:ID is read only by the holder of that membership', async () => {
    const { owner, player, outsider } = await cast('member-read');
    const { Permission } = context.sdk;
    const role = teamRoles(context.sdk).member(player.membership.$id);
    expect(role).toBe(`member:${player.membership.$id}`);
    const id = freshId('memberdoc');
    await operatorCreateDocument(context.endpoint, 'secure', id, { title: 'For one member' }, [Permission.read(role)]);

    expect((await player.connection.databases.getDocument('main', 'secure', id)).title).toBe('For one member');
    await expectSdkError(context.sdk, () => owner.connection.databases.getDocument('main', 'secure', id), documentNotFound);
    await expectSdkError(context.sdk, () => outsider.connection.databases.getDocument('main', 'secure', id), documentNotFound);
    // The holder may grant it; the team's owner, who holds a different membership, may not.
    expect((await player.connection.databases.createDocument('main', 'secure', freshId('own'), { title: 'Mine' }, [Permission.read(role)])).$permissions).toEqual([`read("${role}")`]);
    await expectSdkError(context.sdk, () => owner.connection.databases.createDocument('main', 'secure', freshId('notmine'), { title: 'Not mine' }, [Permission.read(role)]), unauthorized);
  });

  it('a document readable by team:ID/ROLE reaches only the members with that role', async () => {
    const { owner, teamId, player } = await cast('role-read');
    const reviewer = await addMember(context, teamId, 'role-reviewer', ['reviewer']);
    const { Permission } = context.sdk;
    const id = freshId('reviewdoc');
    await operatorCreateDocument(context.endpoint, 'secure', id, { title: 'For reviewers' }, [Permission.read(teamRoles(context.sdk).team(teamId, 'reviewer'))]);
    expect((await reviewer.connection.databases.getDocument('main', 'secure', id)).title).toBe('For reviewers');
    await expectSdkError(context.sdk, () => player.connection.databases.getDocument('main', 'secure', id), documentNotFound);
    await expectSdkError(context.sdk, () => owner.connection.databases.getDocument('main', 'secure', id), documentNotFound);

    await owner.teams.updateMembership(teamId, player.membership.$id, ['player', 'reviewer']);
    expect((await player.connection.databases.getDocument('main', 'secure', id)).title).toBe('For reviewers');
  });

  it('roles leave with the membership: a removed member and the members of a deleted team lose them on their next request', async () => {
    const { owner, teamId, player } = await cast('leaving');
    const { Permission } = context.sdk;
    const created = await owner.connection.databases.createDocument('main', 'secure', freshId('leavedoc'), { title: 'Team only' }, [Permission.read(teamRoles(context.sdk).team(teamId))]);
    expect((await player.connection.databases.getDocument('main', 'secure', created.$id)).$id).toBe(created.$id);

    await owner.teams.deleteMembership(teamId, player.membership.$id);
    await expectSdkError(context.sdk, () => player.connection.databases.getDocument('main', 'secure', created.$id), documentNotFound);
    expect((await owner.connection.databases.getDocument('main', 'secure', created.$id)).$id).toBe(created.$id);

    await owner.teams.delete(teamId);
    await expectSdkError(context.sdk, () => owner.connection.databases.getDocument('main', 'secure', created.$id), documentNotFound);
    await expectSdkError(context.sdk, () => teamsAs(context, owner.token).get(teamId), teamNotFound);
  });

  it('a file readable by team:ID in a bucket with file security is read by members only', async () => {
    const { owner, teamId, player, pending, outsider } = await cast('files');
    const { ID, Permission } = context.sdk;
    const file = await owner.connection.storage.createFile('private', ID.unique(), new File(['minutes of the meeting'], 'minutes.txt'), [Permission.read(teamRoles(context.sdk).team(teamId))]);
    expect(file.$permissions).toEqual([`read("team:${teamId}")`]);
    expect((await player.connection.storage.getFile('private', file.$id)).name).toBe('minutes.txt');
    const fileNotFound = { code: 404, type: 'storage_file_not_found' };
    await expectSdkError(context.sdk, () => pending.connection.storage.getFile('private', file.$id), fileNotFound);
    await expectSdkError(context.sdk, () => outsider.connection.storage.getFile('private', file.$id), fileNotFound);
  });
});
