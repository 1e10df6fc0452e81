import { resolveNewId, uniqueId } from '@ballot-atlas/shared/appwrite/id';
import type { Permission } from '@ballot-atlas/shared/appwrite/permission';
import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { whitelistedPlan, withQueryErrors, type ListRequest } from '../../db/documents/list-plan.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import { documentAllows } from '../databases/collection-permissions.ts';
import { teamEvent } from '../../events/index.ts';
import { QUERYABLE_TEAM_ATTRIBUTES } from './team-collections.ts';
import { searchText, teamModel } from './team-models.ts';
import type { TeamRecords } from './team-records.ts';

export const OWNER = 'owner';

/** Members read a team; its owners rename and delete it (as Appwrite sets them). */
export function teamPermissions(teamId: string): Permission[] {
  return [
    { action: 'read', role: `team:${teamId}` },
    { action: 'update', role: `team:${teamId}/${OWNER}` },
    { action: 'delete', role: `team:${teamId}/${OWNER}` },
  ];
}

/** Anyone may read a membership (its team is the gate); the member and the team's owners change or end it. */
export function membershipPermissions(teamId: string, userId: string): Permission[] {
  return [
    { action: 'read', role: 'any' },
    { action: 'update', role: `user:${userId}` },
    { action: 'update', role: `team:${teamId}/${OWNER}` },
    { action: 'delete', role: `user:${userId}` },
    { action: 'delete', role: `team:${teamId}/${OWNER}` },
  ];
}

export function readFilter(identity: Identity): ReadFilter {
  return identity.admin ? { kind: 'all' } : { kind: 'roles', roles: identity.roles };
}

/** Teams: create, list, read, rename, delete, preferences, and the teams declared in appwrite.json. */
export class TeamsService {
  private readonly records: TeamRecords;

  constructor(records: TeamRecords) {
    this.records = records;
  }

  /** A team the caller may read (a confirmed member, or the operator); others learn nothing of it. */
  async require(identity: Identity, teamId: string): Promise<StoredDocument> {
    const team = await this.records.team(teamId, readFilter(identity));
    if (!team) throw new AppwriteError('team_not_found');
    return team;
  }

  async list(identity: Identity, request: ListRequest, countTotal: boolean) {
    const plan = whitelistedPlan(request, QUERYABLE_TEAM_ATTRIBUTES, 'search');
    const result = await withQueryErrors(() => this.records.teams.list(plan, readFilter(identity), { countTotal }));
    return { total: result.total, teams: result.documents.map(teamModel) };
  }

  /** A caller who is not the operator becomes the team's first member, with `roles` and always `owner`. */
  async create(identity: Identity, requestedId: string, name: string, roles: readonly string[]) {
    const teamId = resolveNewId(requestedId);
    const createdAt = now();
    const creator = identity.admin ? null : identity.userId;
    const team = await this.records.transaction(async (trx) => {
      const [stored] = await this.records.teams
        .insert([{ id: teamId, createdAt, permissions: teamPermissions(teamId), data: { name, total: creator ? 1 : 0, prefs: '{}', search: searchText(teamId, name) } }], trx)
        .catch((error: unknown) => {
          if (error instanceof AppwriteError && error.type === 'document_already_exists') throw new AppwriteError('team_already_exists');
          throw error;
        });
      if (creator) {
        const membershipId = uniqueId();
        const memberRoles = roles.includes(OWNER) ? [...roles] : [...roles, OWNER];
        await this.records.memberships.insert(
          [{ id: membershipId, createdAt, permissions: membershipPermissions(teamId, creator), data: { teamId, userId: creator, roles: memberRoles, invited: createdAt, joined: createdAt, confirm: true, secret: '', search: searchText(membershipId, creator) } }],
          trx,
        );
      }
      await this.records.events.append(trx, teamEvent('create', teamModel(stored!)));
      return stored!;
    });
    return teamModel(team);
  }

  async get(identity: Identity, teamId: string) {
    return teamModel(await this.require(identity, teamId));
  }

  private async requireToChange(identity: Identity, teamId: string, action: 'update' | 'delete'): Promise<StoredDocument> {
    const team = await this.require(identity, teamId);
    if (!documentAllows(team.permissions, action, identity)) throw new AppwriteError('user_unauthorized');
    return team;
  }

  async updateName(identity: Identity, teamId: string, name: string) {
    const team = await this.requireToChange(identity, teamId, 'update');
    return this.records.transaction(async (trx) => {
      await this.records.teams.update(team.sequence, { name, search: searchText(teamId, name) }, undefined, now(), trx);
      const model = teamModel((await this.records.teams.getForWrite(teamId, trx))!);
      await this.records.events.append(trx, teamEvent('update', model));
      return model;
    });
  }

  /** Deletes the team with every membership of it, so nobody keeps its roles. */
  async delete(identity: Identity, teamId: string): Promise<void> {
    const team = await this.requireToChange(identity, teamId, 'delete');
    const memberships = await this.records.membershipsOfTeam(teamId);
    await this.records.transaction(async (trx) => {
      for (const membership of memberships) await this.records.memberships.delete(membership.sequence, trx);
      await this.records.teams.delete(team.sequence, trx);
      await this.records.events.append(trx, teamEvent('delete', teamModel(team)));
    });
  }

  async getPrefs(identity: Identity, teamId: string): Promise<Record<string, unknown>> {
    return teamModel(await this.require(identity, teamId)).prefs;
  }

  /** Owners replace the team's preferences; members read them. */
  async updatePrefs(identity: Identity, teamId: string, prefs: Record<string, unknown>): Promise<Record<string, unknown>> {
    const team = await this.requireToChange(identity, teamId, 'update');
    await this.records.transaction(async (trx) => {
      await this.records.teams.update(team.sequence, { prefs: JSON.stringify(prefs) }, undefined, now(), trx);
      // Appwrite's payload is the route's answer: the preferences.
      await this.records.events.append(trx, teamEvent('update.prefs', teamModel(team), prefs));
    });
    return prefs;
  }

  /** Creates the teams appwrite.json declares that do not exist yet (renaming nothing an owner changed). */
  async ensureDeclared(declared: readonly { $id: string; name: string }[]): Promise<string[]> {
    const created: string[] = [];
    for (const team of declared) {
      if (await this.records.team(team.$id)) continue;
      try {
        await this.records.teams.insert([{ id: team.$id, createdAt: now(), permissions: teamPermissions(team.$id), data: { name: team.name, total: 0, prefs: '{}', search: searchText(team.$id, team.name) } }]);
        created.push(team.$id);
      } catch (error) {
        // Another process starting at the same moment created it.
        if (!(error instanceof AppwriteError && error.type === 'document_already_exists')) throw error;
      }
    }
    return created;
  }
}
