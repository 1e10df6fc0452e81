import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import type { Identity, RequestContext } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { whitelistedPlan, withQueryErrors, type ListRequest } from '../../db/documents/list-plan.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import { documentAllows } from '../databases/collection-permissions.ts';
import { membershipEvent } from '../../events/index.ts';
import { registerUser, type Registry } from '../account/register-user.ts';
import type { NewUser, UserStore } from '../account/user-store.ts';
import type { UserRow } from '../account/account-rows.ts';
import { QUERYABLE_MEMBERSHIP_ATTRIBUTES } from './team-collections.ts';
import { membershipModel, searchText, type MembershipModel } from './team-models.ts';
import type { TeamRecords } from './team-records.ts';
import { membershipPermissions, OWNER, type TeamsService } from './teams-service.ts';

/** Who is invited: an existing user by id, or an address (an unknown one gets a new account). */
export interface Invitee {
  userId?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  name?: string | undefined;
}

/** What the caller must do after an invitation is stored: nothing (operator), or deliver its secret. */
export interface InvitationOutcome {
  membership: MembershipModel;
  /** Present when the invitation waits for the invitee: the secret to mail or text, and how. */
  delivery?: { invitee: UserRow; secret: string; teamName: string; channel: 'email' | 'phone'; created: { user: boolean; membership: boolean } };
}

function isOwner(identity: Identity, teamId: string): boolean {
  return identity.admin || identity.roles.includes(`team:${teamId}/${OWNER}`);
}

function hasOwnerRole(membership: StoredDocument): boolean {
  return membership.data['confirm'] === true && (membership.data['roles'] as string[]).includes(OWNER);
}

/** Memberships and invitations (appwrite-protocol §12.2). */
export class MembershipsService {
  private readonly records: TeamRecords;
  private readonly teams: TeamsService;
  private readonly users: UserStore;
  private readonly registry: Registry;

  constructor(records: TeamRecords, teams: TeamsService, registry: Registry) {
    this.records = records;
    this.teams = teams;
    this.users = registry.users;
    this.registry = registry;
  }

  private async models(memberships: readonly StoredDocument[], teamName: string): Promise<MembershipModel[]> {
    const users = await this.users.getMany(memberships.map((membership) => membership.data['userId'] as string));
    return memberships.map((membership) => membershipModel(membership, teamName, users.get(membership.data['userId'] as string)));
  }

  async model(membership: StoredDocument, teamName: string): Promise<MembershipModel> {
    return membershipModel(membership, teamName, await this.users.get(membership.data['userId'] as string));
  }

  /** A membership of this team. */
  private async inTeam(teamId: string, membershipId: string): Promise<StoredDocument> {
    const membership = await this.records.membership(membershipId);
    if (!membership) throw new AppwriteError('membership_not_found');
    if (membership.data['teamId'] !== teamId) throw new AppwriteError('team_membership_mismatch');
    return membership;
  }

  async list(identity: Identity, teamId: string, request: ListRequest, countTotal: boolean) {
    const team = await this.teams.require(identity, teamId);
    const plan = whitelistedPlan(request, QUERYABLE_MEMBERSHIP_ATTRIBUTES, 'search', [JSON.stringify({ method: 'equal', attribute: 'teamId', values: [teamId] })]);
    const result = await withQueryErrors(() => this.records.memberships.list(plan, { kind: 'all' }, { countTotal }));
    return { total: result.total, memberships: await this.models(result.documents, team.data['name'] as string) };
  }

  async get(identity: Identity, teamId: string, membershipId: string): Promise<MembershipModel> {
    const team = await this.teams.require(identity, teamId);
    return this.model(await this.inTeam(teamId, membershipId), team.data['name'] as string);
  }

  /** The invitee's existing account, or the account to make for an address nobody uses yet. */
  private async inviteeAccount(invitee: Invitee): Promise<{ existing: UserRow } | { toCreate: NewUser }> {
    const { email, phone } = invitee;
    if (invitee.userId) {
      const user = await this.users.get(invitee.userId);
      if (!user) throw new AppwriteError('user_not_found', "User with given userId doesn't exist.");
      if (email && user.email !== email) throw new AppwriteError('user_already_exists', "Given userId and email doesn't match");
      if (phone && user.phone !== phone) throw new AppwriteError('user_already_exists', "Given userId and phone doesn't match");
      return { existing: user };
    }
    const found = email ? await this.users.findByEmail(email) : await this.users.findByPhone(phone!);
    if (found) {
      if (email && phone && found.phone !== phone) throw new AppwriteError('user_already_exists', "Given email and phone doesn't match");
      return { existing: found };
    }
    // No password: the invitee proves the address by accepting, then chooses one (passwordUpdate stays empty).
    return { toCreate: { id: uniqueId(), name: invitee.name || email || '', email: email ?? null, phone: phone ?? null } };
  }

  /**
   * Invites someone into a team (owners only). The operator's invitations are confirmed at once;
   * anyone else's wait for the invitee, who gets `delivery.secret` by mail or text.
   */
  async invite(identity: Identity, teamId: string, invitee: Invitee, roles: readonly string[], secretHash: (secret: string) => string, newSecret: () => string): Promise<InvitationOutcome> {
    if (!invitee.userId && !invitee.email && !invitee.phone) throw new AppwriteError('general_argument_invalid', 'At least one of userId, email, or phone is required');
    const team = await this.teams.require(identity, teamId);
    if (!isOwner(identity, teamId)) throw new AppwriteError('user_unauthorized', 'User is not allowed to send invitations for this team');
    const teamName = team.data['name'] as string;
    const account = await this.inviteeAccount(invitee);
    const userCreated = 'toCreate' in account;
    const existing = 'existing' in account ? await this.records.membershipOf(teamId, account.existing.id) : undefined;
    if (existing?.data['confirm'] === true) throw new AppwriteError('membership_already_confirmed');
    const timestamp = now();
    const confirmed = identity.admin;
    const secret = confirmed ? '' : newSecret();
    const fields = { roles: [...roles], invited: timestamp, joined: confirmed ? timestamp : '', confirm: confirmed, secret: confirmed ? '' : secretHash(secret) };
    const membershipId = existing?.id ?? uniqueId();
    let user: UserRow;
    try {
      // A new invitee's account, its targets and the membership commit together.
      user = await this.records.transaction(async (trx) => {
        const invited = 'existing' in account ? account.existing : await registerUser(this.registry, account.toCreate, trx);
        if (existing) await this.records.memberships.update(existing.sequence, fields, undefined, timestamp, trx);
        else await this.records.memberships.insert([{ id: membershipId, createdAt: timestamp, permissions: membershipPermissions(teamId, invited.id), data: { teamId, userId: invited.id, ...fields, search: searchText(membershipId, invited.id, invited.name, invited.email) } }], trx);
        if (confirmed) await this.records.recountTotal(trx, teamId);
        const stored = (await this.records.memberships.getForWrite(membershipId, trx))!;
        await this.records.events.append(trx, membershipEvent('create', membershipModel(stored, teamName, invited)));
        return invited;
      });
    } catch (error) {
      // Two invitations of one person racing: the second finds the first.
      if (error instanceof AppwriteError && error.type === 'document_already_exists') throw new AppwriteError('membership_already_confirmed', 'The user has just been invited to this team.');
      throw error;
    }
    const membership = await this.model((await this.records.membership(membershipId))!, teamName);
    if (confirmed) return { membership };
    const channel = user.email && (invitee.email || !invitee.phone) ? 'email' : 'phone';
    return { membership, delivery: { invitee: user, secret, teamName, channel, created: { user: userCreated, membership: !existing } } };
  }

  /** Takes back an invitation that could not be delivered (and the account it made), so no secret is left that nobody received. */
  async withdraw(outcome: InvitationOutcome): Promise<void> {
    const delivery = outcome.delivery;
    if (!delivery) return;
    const membership = await this.records.membership(outcome.membership.$id);
    await this.records.transaction(async (trx) => {
      if (membership && delivery.created.membership) {
        await this.records.memberships.delete(membership.sequence, trx);
        await this.records.events.append(trx, membershipEvent('delete', membershipModel(membership, delivery.teamName, delivery.invitee)));
      }
      if (delivery.created.user) await this.users.delete(delivery.invitee.id, trx);
    });
  }

  /** Owners change roles; the last confirmed owner keeps `owner`. */
  async updateRoles(identity: Identity, teamId: string, membershipId: string, roles: readonly string[]): Promise<MembershipModel> {
    const team = await this.teams.require(identity, teamId);
    const membership = await this.inTeam(teamId, membershipId);
    if (!isOwner(identity, teamId)) throw new AppwriteError('user_unauthorized', 'User is not allowed to modify roles');
    if (!identity.admin && hasOwnerRole(membership) && !roles.includes(OWNER) && (await this.records.confirmedOwners(teamId)) < 2) {
      throw new AppwriteError('membership_downgrade_prohibited');
    }
    const user = await this.users.get(membership.data['userId'] as string);
    return this.records.transaction(async (trx) => {
      await this.records.memberships.update(membership.sequence, { roles: [...roles] }, undefined, now(), trx);
      const model = membershipModel((await this.records.memberships.getForWrite(membershipId, trx))!, team.data['name'] as string, user);
      await this.records.events.append(trx, membershipEvent('update', model));
      return model;
    });
  }

  /**
   * Owners remove members and withdraw invitations; a member leaves, and an invitee declines,
   * themself. The last confirmed owner cannot leave.
   */
  async delete(identity: Identity, teamId: string, membershipId: string): Promise<void> {
    const membership = await this.records.membership(membershipId);
    if (!membership) throw new AppwriteError('team_invite_not_found');
    const own = identity.userId !== null && membership.data['userId'] === identity.userId;
    // An invitee (not yet a member) cannot read the team, but may decline the invitation.
    if (!own) await this.teams.require(identity, teamId);
    if (membership.data['teamId'] !== teamId) throw new AppwriteError('team_membership_mismatch');
    if (!documentAllows(membership.permissions, 'delete', identity)) throw new AppwriteError('user_unauthorized');
    if (!identity.admin && hasOwnerRole(membership) && (await this.records.confirmedOwners(teamId)) < 2) {
      throw new AppwriteError('membership_deletion_prohibited');
    }
    const team = await this.records.team(teamId);
    const model = await this.model(membership, (team?.data['name'] as string | undefined) ?? '');
    await this.records.transaction(async (trx) => {
      await this.records.memberships.delete(membership.sequence, trx);
      await this.records.recountTotal(trx, teamId);
      await this.records.events.append(trx, membershipEvent('delete', model));
    });
  }

  /**
   * Accepts an invitation with the secret from its link. Returns the membership and the invitee,
   * whom the caller signs in when the request had no session. Also verifies the invitee's e-mail.
   */
  async accept(identity: Identity, teamId: string, membershipId: string, userId: string, secret: string, secretHash: (secret: string) => string, lifetimeMs: number): Promise<{ membership: MembershipModel; invitee: UserRow }> {
    const membership = await this.records.membership(membershipId);
    if (!membership) throw new AppwriteError('membership_not_found');
    const team = await this.records.team(teamId);
    if (!team) throw new AppwriteError('team_not_found');
    if (membership.data['teamId'] !== teamId) throw new AppwriteError('team_membership_mismatch');
    const storedSecret = membership.data['secret'] as string;
    if (!storedSecret || storedSecret !== secretHash(secret)) throw new AppwriteError('team_invalid_secret');
    const inviteeId = membership.data['userId'] as string;
    if (userId !== inviteeId || (identity.userId !== null && identity.userId !== inviteeId)) {
      throw new AppwriteError('team_invite_mismatch', `Invite does not belong to current user (${identity.signedIn?.user.email ?? userId})`);
    }
    if (membership.data['confirm'] === true) throw new AppwriteError('membership_already_confirmed');
    const invited = Date.parse((membership.data['invited'] as string | null) ?? '');
    if (!(Date.now() - invited < lifetimeMs)) throw new AppwriteError('team_invalid_secret', 'The invitation has expired. Ask an owner of the team to invite you again.');
    const invitee = await this.users.get(inviteeId);
    if (!invitee || invitee.status !== 1) throw new AppwriteError('user_blocked');
    const joined = now();
    await this.records.transaction(async (trx) => {
      if (!(await this.records.confirmIfPending(trx, membership, joined))) throw new AppwriteError('membership_already_confirmed');
      await this.records.recountTotal(trx, teamId);
      await this.users.markEmailVerified(trx, inviteeId, joined);
      const confirmed = (await this.records.memberships.getForWrite(membershipId, trx))!;
      await this.records.events.append(trx, membershipEvent('update.status', membershipModel(confirmed, team.data['name'] as string, invitee)));
    });
    return { membership: await this.model((await this.records.membership(membershipId))!, team.data['name'] as string), invitee: (await this.users.get(inviteeId))! };
  }
}
