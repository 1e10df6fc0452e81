import * as appwrite17 from 'appwrite17';
import type { Models } from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import type { SdkGeneration } from './sdk-generations.ts';

export type WireTeam = Models.Team<Models.Preferences>;
export type WireTeamList = Models.TeamList<Models.Preferences>;
export type WireMembership = Models.Membership;
export type WireMembershipList = Models.MembershipList;

/**
 * The Teams calls of both SDK generations in one positional form (SDK 17's). SDK 28 is called
 * through its object-parameter form, the one its docs lead with.
 */
export interface TeamsApi {
  list(queries?: string[], search?: string): Promise<WireTeamList>;
  create(teamId: string, name: string, roles?: string[]): Promise<WireTeam>;
  get(teamId: string): Promise<WireTeam>;
  updateName(teamId: string, name: string): Promise<WireTeam>;
  delete(teamId: string): Promise<unknown>;
  listMemberships(teamId: string, queries?: string[], search?: string): Promise<WireMembershipList>;
  createMembership(teamId: string, roles: string[], email?: string, userId?: string, phone?: string, url?: string, name?: string): Promise<WireMembership>;
  getMembership(teamId: string, membershipId: string): Promise<WireMembership>;
  updateMembership(teamId: string, membershipId: string, roles: string[]): Promise<WireMembership>;
  deleteMembership(teamId: string, membershipId: string): Promise<unknown>;
  updateMembershipStatus(teamId: string, membershipId: string, userId: string, secret: string): Promise<WireMembership>;
  getPrefs(teamId: string): Promise<Models.Preferences>;
  updatePrefs(teamId: string, prefs: object): Promise<Models.Preferences>;
}

export function teamsApi17(client: appwrite17.Client): TeamsApi {
  return new appwrite17.Teams(client) as unknown as TeamsApi;
}

/** Leaves out what the caller left out, as SDK 28 users write their calls. */
function given<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

export function teamsApi28(client: appwrite28.Client): TeamsApi {
  const teams = new appwrite28.Teams(client);
  const api: TeamsApi = {
    list: (queries, search) => teams.list({ ...given('queries', queries), ...given('search', search) }),
    create: (teamId, name, roles) => teams.create({ teamId, name, ...given('roles', roles) }),
    get: (teamId) => teams.get({ teamId }),
    updateName: (teamId, name) => teams.updateName({ teamId, name }),
    delete: (teamId) => teams.delete({ teamId }),
    listMemberships: (teamId, queries, search) => teams.listMemberships({ teamId, ...given('queries', queries), ...given('search', search) }),
    createMembership: (teamId, roles, email, userId, phone, url, name) =>
      teams.createMembership({
        teamId, roles, ...given('email', email), ...given('userId', userId), ...given('phone', phone), ...given('url', url), ...given('name', name),
      }),
    getMembership: (teamId, membershipId) => teams.getMembership({ teamId, membershipId }),
    updateMembership: (teamId, membershipId, roles) => teams.updateMembership({ teamId, membershipId, roles }),
    deleteMembership: (teamId, membershipId) => teams.deleteMembership({ teamId, membershipId }),
    updateMembershipStatus: (teamId, membershipId, userId, secret) => teams.updateMembershipStatus({ teamId, membershipId, userId, secret }),
    getPrefs: (teamId) => teams.getPrefs({ teamId }),
    updatePrefs: (teamId, prefs) => teams.updatePrefs({ teamId, prefs }),
  };
  // The SDK 28 models are a superset of SDK 17's for every field these tests read.
  return api as TeamsApi;
}

/**
 * A Teams client of this SDK generation, acting as `session` when given (as `client.setSession`
 * does). The shared SdkConnection has no Teams yet, so the suite builds its own client.
 */
export function connectTeams(sdk: SdkGeneration, endpoint: string, project: string, session?: string): TeamsApi {
  if (sdk.version === '17.0.2') {
    const client = new appwrite17.Client().setEndpoint(endpoint).setProject(project);
    if (session !== undefined) client.setSession(session);
    return teamsApi17(client);
  }
  if (sdk.version === '28.0.0') {
    const client = new appwrite28.Client().setEndpoint(endpoint).setProject(project);
    if (session !== undefined) client.setSession(session);
    return teamsApi28(client);
  }
  throw new Error(`no Teams client for ${sdk.name}`);
}
