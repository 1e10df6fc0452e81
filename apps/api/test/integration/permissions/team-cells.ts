/**
 * The cells of every declared team: list and get it, rename, delete, read and replace its
 * preferences, list, read, create, change and delete memberships — for every principal. They run
 * one at a time: a membership deleted is added back, and a team deleted is made again with its
 * members (by the operator key), so the next cell finds what the previous one found.
 */
import { randomBytes } from 'node:crypto';
import { teamRules } from './appwrite-rules.ts';
import type { Cell } from './matrix-cells.ts';
import { newMarker } from './matrix-fixtures.ts';
import type { MatrixHttp, Reply } from './matrix-http.ts';
import type { Principal } from './principals.ts';

const SITE_PAGE = 'http://allowed.test/matrix';

/** A team as the matrix keeps it: its members, and a member who is none of the principals (the target of membership changes). */
export class TeamFixture {
  readonly id: string;
  readonly name: string;
  /** In the team's preferences; never in an answer to someone who may not read the team. */
  readonly prefsMarker = newMarker();
  private readonly http: MatrixHttp;
  private readonly operator: Record<string, string>;
  private readonly principals: readonly Principal[];
  private victimUserId = '';
  victimMembershipId = '';

  constructor(http: MatrixHttp, apiKey: string, team: { id: string; name: string }, principals: readonly Principal[]) {
    this.http = http;
    this.operator = { 'x-appwrite-key': apiKey };
    this.id = team.id;
    this.name = team.name;
    this.principals = principals;
  }

  async setUp(): Promise<void> {
    const email = `member${randomBytes(4).toString('hex')}@example.org`;
    this.victimUserId = (await this.http.ok('POST', '/account', { body: { userId: 'unique()', email, password: `member-password-${email}` } })).$id;
    await this.addVictim();
    await this.http.ok('PUT', `/teams/${this.id}/prefs`, { headers: this.operator, body: { prefs: { matrix: this.prefsMarker } } });
  }

  private async addVictim(): Promise<void> {
    this.victimMembershipId = (await this.http.ok('POST', `/teams/${this.id}/memberships`, { headers: this.operator, body: { userId: this.victimUserId, roles: ['viewer'] } })).$id;
  }

  /** After a deletion the rules allowed: the same member again, under a new membership. */
  async afterMembershipDeleted(reply: Reply): Promise<Reply> {
    if (reply.status === 204) await this.addVictim();
    return reply;
  }

  /** After the team was deleted: made again with its declared name, its principals' memberships (new ids), the member and the preferences. */
  async afterTeamDeleted(reply: Reply): Promise<Reply> {
    if (reply.status !== 204) return reply;
    await this.http.ok('POST', '/teams', { headers: this.operator, body: { teamId: this.id, name: this.name } });
    for (const principal of this.principals) {
      for (const membership of principal.memberships.filter((candidate) => candidate.teamId === this.id)) {
        const made = await this.http.ok('POST', `/teams/${this.id}/memberships`, { headers: this.operator, body: { userId: principal.user!.id, roles: membership.roles } });
        membership.membershipId = made.$id;
      }
    }
    await this.addVictim();
    await this.http.ok('PUT', `/teams/${this.id}/prefs`, { headers: this.operator, body: { prefs: { matrix: this.prefsMarker } } });
    return reply;
  }
}

export function teamCells(team: TeamFixture, principals: readonly Principal[], http: MatrixHttp): Cell[] {
  const resource = `team ${team.id}`;
  const base = `/teams/${team.id}`;
  const cells: Cell[] = [];
  const deletions: Cell[] = [];
  for (const principal of principals) {
    const as = (scope: string) => ({ headers: principal.credentials(scope) });
    const cell = (operation: string, routeId: string, expected: Cell['expected'], send: Cell['send'], check?: Cell['check']): Cell => ({
      resource, operation, principal, routeId, expected, send, ...(check ? { check } : {}), secrets: [team.prefsMarker],
    });
    cells.push(
      cell('list teams', 'teams.list', () => teamRules.list(), () => http.send('GET', '/teams', as('teams.read')), (reply) => {
        const listed = ((reply.json?.teams ?? []) as { $id: string }[]).some((listedTeam) => listedTeam.$id === team.id);
        return listed === teamRules.listed(team.id, principal) ? [] : [listed ? 'lists the team' : 'does not list the team'];
      }),
      cell('get', 'teams.get', () => teamRules.read(team.id, principal), () => http.send('GET', base, as('teams.read')), (reply) => (reply.json?.name === team.name ? [] : [`name ${reply.json?.name}`])),
      cell('update name', 'teams.updateName', () => teamRules.updateName(team.id, principal), () => http.send('PUT', base, { ...as('teams.write'), body: { name: team.name } })),
      cell('get prefs', 'teams.getPrefs', () => teamRules.read(team.id, principal), () => http.send('GET', `${base}/prefs`, as('teams.read')), (reply) => (reply.json?.matrix === team.prefsMarker ? [] : [`prefs ${reply.text}`])),
      cell('update prefs', 'teams.updatePrefs', () => teamRules.updatePrefs(team.id, principal), () => http.send('PUT', `${base}/prefs`, { ...as('teams.write'), body: { prefs: { matrix: team.prefsMarker } } })),
      cell('list memberships', 'teams.listMemberships', () => teamRules.read(team.id, principal), () => http.send('GET', `${base}/memberships`, as('teams.read')), (reply) =>
        ((reply.json?.memberships ?? []) as { $id: string }[]).some((membership) => membership.$id === team.victimMembershipId) ? [] : ['the member is not listed']),
      cell('get membership', 'teams.getMembership', () => teamRules.read(team.id, principal), () => http.send('GET', `${base}/memberships/${team.victimMembershipId}`, as('teams.read'))),
      cell('create membership', 'teams.createMembership', () => teamRules.createMembership(team.id, principal), () =>
        http.send('POST', `${base}/memberships`, { ...as('teams.write'), body: { email: `invitee${newMarker()}@example.org`, roles: ['viewer'], url: SITE_PAGE } })),
      cell('update membership roles', 'teams.updateMembership', () => teamRules.updateMembership(team.id, principal), () =>
        http.send('PATCH', `${base}/memberships/${team.victimMembershipId}`, { ...as('teams.write'), body: { roles: ['viewer'] } })),
      cell('delete membership', 'teams.deleteMembership', () => teamRules.deleteMembership(team.id, principal), async () =>
        team.afterMembershipDeleted(await http.send('DELETE', `${base}/memberships/${team.victimMembershipId}`, as('teams.write')))),
    );
    deletions.push(cell('delete', 'teams.delete', () => teamRules.delete(team.id, principal), async () => team.afterTeamDeleted(await http.send('DELETE', base, as('teams.write')))));
  }
  // Deleting the team comes last, so the restorations it needs happen after every other cell.
  return [...cells, ...deletions];
}
