import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import { whitelistedPlan, withQueryErrors, type ListRequest } from '../../db/documents/list-plan.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import { QUERYABLE_MEMBERSHIP_ATTRIBUTES } from '../teams/team-collections.ts';
import { membershipModel, type MembershipModel } from '../teams/team-models.ts';
import type { TeamRecords } from '../teams/team-records.ts';
import type { UserRow } from '../account/account-rows.ts';

function userFilter(userId: string): string {
  return JSON.stringify({ method: 'equal', attribute: 'userId', values: [userId] });
}

/** Every membership (confirmed or invited) of the user: deleting the user takes them along. */
export async function allMembershipsOf(records: TeamRecords, userId: string): Promise<StoredDocument[]> {
  const plan = parseQueries([userFilter(userId), JSON.stringify({ method: 'limit', values: [5000] })]);
  return (await records.memberships.list(plan, { kind: 'all' }, { countTotal: false })).documents;
}

/** Appwrite's users.listMemberships: the user's memberships with the teams' names, queried like a team's list. */
export async function listMembershipsOf(records: TeamRecords, user: UserRow, request: ListRequest, countTotal: boolean): Promise<{ total: number; memberships: MembershipModel[] }> {
  const plan = whitelistedPlan(request, QUERYABLE_MEMBERSHIP_ATTRIBUTES, 'search', [userFilter(user.id)]);
  const result = await withQueryErrors(() => records.memberships.list(plan, { kind: 'all' }, { countTotal }));
  const teamNames = new Map<string, string>();
  for (const teamId of new Set(result.documents.map((membership) => membership.data['teamId'] as string))) {
    teamNames.set(teamId, ((await records.team(teamId))?.data['name'] as string | undefined) ?? '');
  }
  const memberships = result.documents.map((membership) => membershipModel(membership, teamNames.get(membership.data['teamId'] as string) ?? '', user));
  return { total: countTotal ? result.total : 0, memberships };
}
