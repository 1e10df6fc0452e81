import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { UserRow } from '../account/account-rows.ts';

/** Wire models of the teams service (appwrite-protocol §3.2). The invitation secret never leaves through these. */

export function teamModel(stored: StoredDocument) {
  return {
    $id: stored.id,
    $createdAt: stored.createdAt,
    $updatedAt: stored.updatedAt,
    name: stored.data['name'] as string,
    total: stored.data['total'] as number,
    prefs: JSON.parse((stored.data['prefs'] as string) || '{}') as Record<string, unknown>,
  };
}

export function membershipModel(stored: StoredDocument, teamName: string, user: UserRow | undefined) {
  return {
    $id: stored.id,
    $createdAt: stored.createdAt,
    $updatedAt: stored.updatedAt,
    userId: stored.data['userId'] as string,
    userName: user?.name ?? '',
    userEmail: user?.email ?? '',
    teamId: stored.data['teamId'] as string,
    teamName,
    invited: (stored.data['invited'] as string | null) ?? '',
    joined: (stored.data['joined'] as string) || '',
    confirm: stored.data['confirm'] === true,
    mfa: user?.mfa === 1,
    roles: stored.data['roles'] as string[],
  };
}

export type MembershipModel = ReturnType<typeof membershipModel>;

/** The text a team or membership is found by with `search` (Appwrite's, plus the member's name and e-mail). */
export function searchText(...parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join(' ');
}
